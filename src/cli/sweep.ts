import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { fixed } from '../report/terminal-format.js';
import type { FairnessPair, SweepFairness } from '../analysis/sweep.js';

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
    throw new UsageError(`--sweep: unknown variant key '${key}' for ${game.info.id}; valid keys: ${game.info.params.map((p) => p.key).join(', ')}`, {
      word: key,
      choices: game.info.params.map((p) => p.key),
    });
  }
  if (values.length === 0 || values.some((v) => v === '')) throw new UsageError(`--sweep ${key}: give at least one value, comma-separated`);
  if (new Set(values).size !== values.length) throw new UsageError(`--sweep ${key}: a value is repeated`);
  return { key, values };
}

/** The fairness verdict in one sentence (terminal and page). */
export function fairnessSentence(key: string, f: SweepFairness): string {
  const pct1 = (x: number): string => fixed(100 * x, 1);
  const dists = f.settings.map((s) => `${key}=${s.value} ${pct1(s.deviation)}`).join(', ');
  const pairText = (p: FairnessPair): string => {
    const s = (x: number): string => {
      const v = fixed(Math.abs(100 * x), 1);
      return Number(v) === 0 ? v : `${x > 0 ? '+' : '−'}${v}`;
    };
    return `${key}=${p.a} − ${key}=${p.b} ${s(p.difference)} (${s(p.ci95[0])} to ${s(p.ci95[1])})`;
  };
  const head = `Distance of the first player's win rate from an even share (1/P), in percentage points: ${dists}`;
  if (f.fairest !== null) {
    const mine = f.pairs.filter((p) => p.a === f.fairest || p.b === f.fairest);
    return `Fairest: ${key}=${f.fairest}, closer to an even share than every other value with 95% intervals excluding 0 (paired differences: ${mine.map(pairText).join('; ')}). ${head}.`;
  }
  return `The settings are not separated: no value is closer to an even share than every other with a 95% interval excluding 0 (paired differences of the distance: ${f.pairs.map(pairText).join('; ')}). ${head}.`;
}
