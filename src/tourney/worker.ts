/**
 * The piscina worker: rebuilds games and bots from the task's specs (the
 * registries are loaded here) and plays one batch.
 */
import '../games/index.js';
import { runBatch, type BatchResult, type BatchTask } from './batch.js';

export default function playBatch(task: BatchTask): Promise<BatchResult> {
  return runBatch(task);
}
