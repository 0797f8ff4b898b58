/**
 * The referee over whole record files: every Nine Lives line of a
 * `games.jsonl` checked by `refereeNineLives`, tallied by configuration
 * (players, Black Cat, powers, power deal, powers left out, line-up), so a
 * report says how many games of each kind passed. Like `nine-lives.ts`, it
 * imports nothing of the engine.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Coverage, refereeNineLives, type Violation } from './nine-lives.js';

/** The games of one configuration and what they covered. */
export interface ConfigTally {
  /** e.g. `P=4 blackCat powers=published off=none bots=greedy×4`. */
  readonly config: string;
  games: number;
  violations: number;
  rounds: number;
  tricks: number;
  entries: number;
  /** Powers used, by key, over the configuration's games. */
  readonly powers: Record<string, number>;
  /** Chance draws by hand size and position (`Coverage.draws`). */
  readonly draws: Record<number, number[]>;
}

/** The verdicts on a set of records. */
export interface RecordsCheck {
  games: number;
  /** Every violation found, one at most per game (the referee stops at a game's first). */
  readonly violations: Violation[];
  /** Tallies by configuration, in order of first appearance. */
  readonly configs: Map<string, ConfigTally>;
}

/** An empty check, to which `refereeText` adds. */
export function emptyCheck(): RecordsCheck {
  return { games: 0, violations: [], configs: new Map() };
}

/**
 * The configuration label of a record: its variant's players, Black Cat,
 * powers (with `powerDeal` and `powersOff`) and its line-up as bot names with
 * counts (sorted by name, so seatings of one line-up share a label).
 */
export function configLabel(record: unknown): string {
  const r = (record ?? {}) as { variant?: Record<string, unknown>; seats?: unknown };
  const v = r.variant ?? {};
  const parts = [`P=${String(v.players)}`];
  if (v.blackCat === true) parts.push('blackCat');
  if (v.powers === true) parts.push(`powers=${String(v.powerDeal ?? 'published')}`, `off=${String(v.powersOff ?? 'none')}`);
  else parts.push('no-powers');
  const seats = Array.isArray(r.seats) ? r.seats.map(String) : [];
  const counts = new Map<string, number>();
  for (const s of seats) counts.set(s, (counts.get(s) ?? 0) + 1);
  parts.push(
    `bots=${[...counts]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([b, n]) => (n > 1 ? `${b}×${n}` : b))
      .join(',')}`,
  );
  return parts.join(' ');
}

/**
 * Checks every non-empty line of JSON Lines text; lines of other games are
 * counted as violations of the frame (the referee knows only Nine Lives).
 * @param into the check to add to (several files make one report).
 * @returns `into`.
 */
export function refereeText(text: string, into: RecordsCheck = emptyCheck()): RecordsCheck {
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const game = into.games++;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (e) {
      into.violations.push({ game, round: -1, entry: -1, rule: 'README "Game records"', message: `not JSON: ${(e as Error).message}` });
      continue;
    }
    const label = configLabel(record);
    let tally = into.configs.get(label);
    if (tally === undefined) {
      tally = { config: label, games: 0, violations: 0, rounds: 0, tricks: 0, entries: 0, powers: {}, draws: {} };
      into.configs.set(label, tally);
    }
    tally.games++;
    const v = refereeNineLives(record, game);
    if (v.status === 'violation') {
      tally.violations++;
      into.violations.push(v.violation);
    } else addCoverage(tally, v.coverage);
  }
  return into;
}

function addCoverage(t: ConfigTally, c: Coverage): void {
  t.rounds += c.rounds;
  t.tricks += c.tricks;
  t.entries += c.entries;
  for (const [k, n] of Object.entries(c.powers)) t.powers[k] = (t.powers[k] ?? 0) + n;
  for (const [n, counts] of Object.entries(c.draws)) {
    const row = (t.draws[Number(n)] ??= new Array<number>(counts.length).fill(0));
    counts.forEach((k, i) => (row[i]! += k));
  }
}

/**
 * Checks a record file, or a run directory's `games.jsonl`.
 * @throws Error when the file cannot be read.
 */
export function refereeFile(path: string, into: RecordsCheck = emptyCheck()): RecordsCheck {
  const file = statSync(path).isDirectory() ? join(path, 'games.jsonl') : path;
  return refereeText(readFileSync(file, 'utf8'), into);
}
