/**
 * Checks of a game's balance statistics shared by the games' tests
 * (docs/tourney.md, "Statistics: the deal is the unit"): a small tourney
 * played and reported as `npm run tourney` plays and reports it, every column
 * a game estimates carrying its deal-level interval around the point value;
 * and totals for more line-up entries than seats, tables of fixed shape
 * whatever the data, and merges independent of their order.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import '../../src/games/index.js';
import { executeRun } from '../../src/cli/execute.js';
import { parseRunFlags } from '../../src/cli/run-flags.js';
import { defaultLineup } from '../../src/cli/options.js';
import type { BalanceTable } from '../../src/core/balance.js';
import { getGame } from '../../src/core/registry.js';
import { createRng } from '../../src/core/rng.js';
import { nonDefault, resolveGameVariant, type VariantValue } from '../../src/core/variant.js';
import { buildBalance } from '../../src/analysis/balance.js';
import { writeBalanceFiles } from '../../src/results/balance-file.js';
import { renderBalance } from '../../src/report/balance-terminal.js';
import { renderTables } from '../../src/report/table.js';
import { writeRunFiles } from '../../src/results/summary-file.js';
import { rotationSeatings } from '../../src/stats/seatings.js';
import type { RunConfig } from '../../src/tourney/batch.js';
import { summarize } from '../../src/analysis/summary.js';

/** A reported balance table as written to `balance.json` (NaN cells are written as null). */
export interface TableJson {
  readonly id: string;
  readonly caption: string;
  readonly columns: readonly string[];
  readonly titles: readonly string[];
  readonly rows: readonly (readonly (string | number | null)[])[];
  readonly test?: { statistic: number | null; df1: number; df2: number; pValue: number | null; units: number; hypothesis: string };
}

export interface BalanceJson {
  readonly deals: number;
  readonly groups: number;
  readonly tables: readonly TableJson[];
  readonly keyFigures: Readonly<Record<string, { value: number | null; ci95?: [number | null, number | null]; format: string }>>;
}

/**
 * Plays `games` games of `id` (its default variant and line-up, one worker,
 * seed `seed`) in this process as `npm run tourney` plays and reports them
 * (`playAndReport` in src/cli/tourney.ts): the run through `executeRun` with
 * the command's default flags, its summary, the balance report built,
 * rendered and written. Only the HTML report is left out (about 1 s of Vega
 * rendering a run; tourney/tourney-cli.test.ts runs the command itself, and
 * checks that this writes what the command writes), and with it the process
 * start: each game's test takes about 1.5 s less.
 * @returns the output directory and its `balance.json`.
 */
export async function runBalance(id: string, games: number, seed: string): Promise<{ dir: string; balance: BalanceJson }> {
  const dir = join(mkdtempSync(join(tmpdir(), `ninefold-${id}-`)), 'run');
  const game = getGame(id);
  const variant = resolveGameVariant(game, {});
  const lineup = defaultLineup(id, Number(variant.players));
  const flags = parseRunFlags({ workers: '1', 'on-fault': 'forfeit' });
  const config: RunConfig = {
    gameId: id,
    variant,
    lineup,
    seatings: rotationSeatings(lineup),
    runSeed: seed,
    record: false,
    onFault: flags.onFault,
    moveTimeoutMs: flags.moveTimeoutMs,
    botMemoryMb: flags.botMemoryMb,
    botLoadMs: flags.botLoadMs,
  };
  const run = await executeRun({ game, config, games, flags, dir, stop: new AbortController().signal });
  const summary = summarize(run.tally, {
    game: id,
    variant,
    nonDefault: nonDefault(game.info.params, variant),
    seed,
    lineup,
    scoreUnit: game.info.scoreUnit,
    seconds: run.seconds,
    workers: flags.workers,
    startedAt: new Date().toISOString(),
    complete: run.complete,
    onFault: flags.onFault,
    clockBound: [],
    moveTimeoutMs: config.moveTimeoutMs,
    seatings: config.seatings,
    ...(game.info.scoreRate
      ? { scoreRate: { label: game.info.scoreRate.label, caption: game.info.scoreRate.caption, scale: game.info.scoreRate.scale(variant) } }
      : {}),
  });
  const balance = buildBalance(summary, run.tally, game.balance, run.balance, run.groups);
  // What the command prints: it must render.
  expect(renderTables(summary)).toContain(id);
  expect(renderBalance(balance)).toContain('Balance report');
  // Every percentage key figure (a proportion) has its interval within [0, 1].
  for (const [name, f] of Object.entries(balance.keyFigures)) {
    if (f.format !== 'percent' || !f.ci95) continue;
    expect(f.ci95[0], `${id} key figure ${name} lo`).toBeGreaterThanOrEqual(0);
    expect(f.ci95[1], `${id} key figure ${name} hi`).toBeLessThanOrEqual(1);
  }
  writeRunFiles(summary, dir);
  writeBalanceFiles(balance, dir);
  return { dir, balance: JSON.parse(readFileSync(join(dir, 'balance.json'), 'utf8')) as BalanceJson };
}

/** The table `id` of a report. */
export function table(b: BalanceJson, id: string): TableJson {
  const t = b.tables.find((x) => x.id === id);
  if (!t) throw new Error(`no balance table '${id}'`);
  return t;
}

/**
 * Checks that the columns `estimated` (CSV names) of `t` are each followed by
 * `<column>_lo` and `<column>_hi`, that the table has no other interval
 * columns, and that in every row lo <= value <= hi, within [0, 1] for the
 * `proportions` (by default the rates and shares of a count; rows whose value is n/a,
 * written null, have null bounds). Every other cell is a number or a label.
 */
export function expectIntervals(
  t: TableJson,
  estimated: readonly string[],
  proportions: readonly string[] = estimated.filter((c) => /rate$|^share/.test(c)),
): void {
  const withBounds = t.columns.filter((c, i) => t.columns[i + 1] === `${c}_lo` && t.columns[i + 2] === `${c}_hi`);
  expect(withBounds, t.id).toEqual([...estimated]);
  expect(
    t.columns.filter((c) => /_lo$|_hi$|ci95/.test(c)),
    t.id,
  ).toEqual(estimated.flatMap((c) => [`${c}_lo`, `${c}_hi`]));
  expect(t.caption, t.id).toMatch(/delete-a-group jackknife/);
  expect(t.caption, t.id).not.toMatch(/Wilson|χ²|[Cc]hi-square/);
  for (const c of estimated) {
    const i = t.columns.indexOf(c);
    for (const row of t.rows) {
      const [v, lo, hi] = [row[i], row[i + 1], row[i + 2]];
      if (v === null) {
        expect([lo, hi]).toEqual([null, null]);
        continue;
      }
      expect(typeof v, `${t.id} ${c}`).toBe('number');
      expect(lo as number, `${t.id} ${c} lo`).toBeLessThanOrEqual((v as number) + 1e-12);
      expect(hi as number, `${t.id} ${c} hi`).toBeGreaterThanOrEqual((v as number) - 1e-12);
      // A rate or a share of a count (a proportion) has its interval within [0, 1].
      if (proportions.includes(c)) {
        expect(lo as number, `${t.id} ${c} lo`).toBeGreaterThanOrEqual(0);
        expect(hi as number, `${t.id} ${c} hi`).toBeLessThanOrEqual(1);
      }
    }
  }
}

/** The header line of the table's CSV file, and its cells in `column` (as written). */
export function csvColumn(dir: string, id: string, column: string): { header: string; cells: string[] } {
  const lines = readFileSync(join(dir, `balance-${id}.csv`), 'utf8')
    .trim()
    .split('\n');
  const header = lines[0]!;
  const i = header.split(',').indexOf(column);
  return { header, cells: lines.slice(1).map((l) => l.split(',')[i]!) };
}

/** A table's shape: id, columns, and per row its length and its label cells (the strings). */
function shape(t: BalanceTable): unknown {
  return { id: t.id, columns: t.columns, rows: t.rows.map((r) => [r.length, ...r.filter((c) => typeof c === 'string')]) };
}

/**
 * Plays `games` random games of `id` into totals for P + 1 line-up entries (a
 * `match`: each game leaves one entry out) and checks what the report relies
 * on: every total is a finite integer (no entry index fell outside its array;
 * shared wins exact), merging two halves gives the one-pass totals in either
 * order, and the tables of the run have the shape of the tables of empty
 * totals (the jackknife's replicates line up row by row).
 * @returns the totals, the variant's P and the number of games, for the game's own checks.
 */
export function checkEntryTotals(
  id: string,
  given: Record<string, VariantValue>,
  games = 30,
): { totals: Record<string, unknown>; players: number; entries: number } {
  const game = getGame(id);
  const bal = game.balance!;
  const v = resolveGameVariant(game, given);
  const P = v.players as number;
  const E = P + 1;
  const lineup = Array.from({ length: E }, (_, e) => (e === 0 ? 'candidate' : e === 1 ? 'baseline' : `opponent ${e - 1}`));
  const one = bal.newTotals(v, E);
  const halves = [bal.newTotals(v, E), bal.newTotals(v, E)];
  const empty = bal.tables(bal.newTotals(v, E), lineup);
  const buf = new Int32Array(game.numDistinctActions(v));
  for (let g = 0; g < games; g++) {
    const s = game.newState(v);
    game.deal(s, createRng(`entries-${g}`));
    const rng = createRng(`entries-bot-${g}`);
    while (!game.isTerminal(s)) game.apply(s, buf[rng.int(game.legalActions(s, buf))]!);
    const entryOfSeat = Array.from({ length: E }, (_, e) => e).filter((e) => e !== g % E);
    bal.accumulate(s, one, entryOfSeat, game.result(s));
    bal.accumulate(s, halves[g % 2]!, entryOfSeat, game.result(s));
  }
  const numbers = (x: unknown): number[] => (typeof x === 'number' ? [x] : Array.isArray(x) && x.every((y) => typeof y === 'number') ? (x as number[]) : []);
  for (const [key, x] of Object.entries(one as Record<string, unknown>)) {
    for (const n of numbers(x)) expect(Number.isInteger(n), `${id} totals.${key}`).toBe(true);
  }
  const ab = structuredClone(halves[0]!);
  bal.merge(ab, halves[1]!);
  const ba = structuredClone(halves[1]!);
  bal.merge(ba, halves[0]!);
  expect(ab).toEqual(one);
  expect(ba).toEqual(one);
  expect(bal.tables(one, lineup).map(shape)).toEqual(empty.map(shape));
  expect(bal.tables(ba, lineup)).toEqual(bal.tables(one, lineup));
  return { totals: one as Record<string, unknown>, players: P, entries: E };
}
