/**
 * The piscina worker: rebuilds games and bots from the task's specs (the
 * registries are loaded here) and plays one batch.
 */
import '../games/index.js';
import { runBatch, type BatchResult, type BatchTask } from './batch.js';
import { PeriodicCollector } from './heap.js';

/** A full collection at most once a second between batches keeps a long run's memory flat (see heap.ts). */
const collector = new PeriodicCollector(1000);

export default async function playBatch(task: BatchTask): Promise<BatchResult> {
  const result = await runBatch(task);
  collector.afterBatch();
  return result;
}
