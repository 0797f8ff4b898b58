import { stringify } from 'csv-stringify/sync';
import { join } from 'node:path';
import type { KeyFigure } from '../core/balance.js';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { writeFileAtomic } from '../report/files.js';
import { plainTable, pct } from '../report/format.js';
import type { BalanceReport } from '../report/balance.js';
import type { Summary } from '../tourney/summary.js';

/** A parsed `--sweep KEY=v1,v2,...`. */
export interface Sweep {
  readonly key: string;
  readonly values: readonly string[];
}

/**
 * Parses `--sweep KEY=v1,v2,...` for a game (the values are checked when each
 * variant is resolved).
 * @throws UsageError on a malformed spec or an unknown key.
 */
export function parseSweep(text: string, game: AnyGame): Sweep {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--sweep must be KEY=v1,v2,..., got '${text}'`);
  const key = text.slice(0, eq).trim();
  const values = text
    .slice(eq + 1)
    .split(',')
    .map((v) => v.trim());
  if (!game.info.params.some((p) => p.key === key)) {
    throw new UsageError(`--sweep: unknown variant key '${key}' for ${game.info.id}; valid keys: ${game.info.params.map((p) => p.key).join(', ')}`);
  }
  if (values.length === 0 || values.some((v) => v === '')) throw new UsageError(`--sweep ${key}: give at least one value, comma-separated`);
  if (new Set(values).size !== values.length) throw new UsageError(`--sweep ${key}: a value is repeated`);
  return { key, values };
}

function cell(f: KeyFigure | undefined): string {
  if (!f) return '–';
  const v = f.format === 'percent' ? pct(f.value) : Number.isNaN(f.value) ? 'n/a' : f.value < 0.01 && f.value !== 0 ? f.value.toExponential(2) : f.value.toFixed(3);
  if (!f.ci95) return v;
  const lo = f.format === 'percent' ? pct(f.ci95[0]) : f.ci95[0].toFixed(3);
  const hi = f.format === 'percent' ? pct(f.ci95[1]) : f.ci95[1].toFixed(3);
  return `${v} (${lo} – ${hi})`;
}

/**
 * Prints the key figures of every value side by side (with 95% intervals)
 * and writes `sweep.csv` and `sweep.json` into `dir`.
 * @returns the table text.
 */
export function writeSweep(key: string, runs: readonly { value: string; summary: Summary; balance: BalanceReport }[], dir: string): string {
  const names: string[] = [];
  for (const r of runs) for (const k of Object.keys(r.balance.keyFigures)) if (!names.includes(k)) names.push(k);
  const head = ['figure', ...runs.map((r) => `${key}=${r.value}`)];
  const rows = names.map((n) => [n, ...runs.map((r) => cell(r.balance.keyFigures[n]))]);
  const csvRows: (string | number)[][] = [];
  for (const r of runs) {
    for (const n of names) {
      const f = r.balance.keyFigures[n];
      if (f) csvRows.push([key, r.value, n, f.value, f.ci95?.[0] ?? '', f.ci95?.[1] ?? '']);
    }
  }
  writeFileAtomic(join(dir, 'sweep.csv'), stringify(csvRows, { header: true, columns: ['key', 'value', 'figure', 'value_num', 'ci95_lo', 'ci95_hi'] }));
  writeFileAtomic(
    join(dir, 'sweep.json'),
    JSON.stringify({ key, runs: runs.map((r) => ({ value: r.value, variant: r.summary.variant, games: r.summary.games, keyFigures: r.balance.keyFigures })) }, null, 2) + '\n',
  );
  return `Sweep of ${key} (same seed and deals for every value; 95% intervals in brackets)\n${plainTable(head, rows)}`;
}
