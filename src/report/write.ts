import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../analysis/summary.js';
import { botsCsv, seatsCsv } from './csv.js';
import { writeFileAtomic } from './files.js';

/** Writes `summary.json`, `bots.csv` and `seats.csv` of a run into `dir` (created if needed), each atomically. */
export function writeRunFiles(s: Summary, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(join(dir, 'summary.json'), `${JSON.stringify(s, null, 2)}\n`);
  writeFileAtomic(join(dir, 'bots.csv'), botsCsv(s));
  writeFileAtomic(join(dir, 'seats.csv'), seatsCsv(s));
}
