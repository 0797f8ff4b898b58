/** The piscina worker of `npm run fuzz`: loads every game and plays one slice. */
import '../games/index.js';
import { fuzzSlice, type FuzzResult, type FuzzTask } from './fuzz.js';

export default function run(task: FuzzTask): FuzzResult {
  return fuzzSlice(task);
}
