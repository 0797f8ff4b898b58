/**
 * The search space of a training run: the parameters of one bot (or of a
 * game's variant) being tuned, each mapped to a coordinate the optimizers
 * work in. A numeric parameter has a normalized coordinate u in [0, 1] over
 * its tuning range (linear, or logarithmic for `scale: 'log'`); NTBEA sees
 * every parameter as a few discrete levels. Pure functions, no I/O.
 */
import { UsageError } from '../core/errors.js';
import type { BotParam, TuneRange } from '../core/bot.js';

/** One tuned parameter. */
export type Dimension =
  | {
      readonly key: string;
      readonly kind: 'int' | 'float';
      /** The tuning range (inside the parameter's own bounds). */
      readonly min: number;
      readonly max: number;
      readonly scale: 'linear' | 'log';
      /** The value the run starts from. */
      readonly start: number;
    }
  | { readonly key: string; readonly kind: 'enum'; readonly choices: readonly string[]; readonly start: string };

/** A point of the space: one value per dimension, in dimension order. */
export type Point = readonly (number | string)[];

/**
 * The tuned dimensions of a bot's declared parameters.
 * @param params the bot's parameters for the game (`botParamsFor`).
 * @param start the starting values (the bot spec's resolved parameters).
 * @param keys the parameters to tune; null: every numeric one with a `tune` range.
 * @param ranges `--range` overrides by key.
 * @throws UsageError for an unknown key, a range outside the parameter's bounds, or nothing to tune.
 */
export function botDimensions(
  params: readonly BotParam[],
  start: Readonly<Record<string, number | string>>,
  keys: readonly string[] | null,
  ranges: Readonly<Record<string, TuneRange>> = {},
): Dimension[] {
  for (const k of [...(keys ?? []), ...Object.keys(ranges)]) {
    if (!params.some((p) => p.key === k)) throw new UsageError(`no parameter '${k}' to tune; parameters: ${params.map((p) => p.key).join(', ') || '(none)'}`);
  }
  const chosen =
    keys === null ? params.filter((p) => (p.kind === 'int' || p.kind === 'float') && p.tune !== undefined) : keys.map((k) => params.find((p) => p.key === k)!);
  const text = chosen.find((p) => p.kind === 'text');
  if (text) throw new UsageError(`${text.key} is text (a file, a name), not a parameter to tune`);
  if (chosen.length === 0) throw new UsageError('nothing to tune: this bot declares no parameter with a tuning range; name them with --tune');
  return chosen.map((p): Dimension => {
    if (p.kind === 'enum') return { key: p.key, kind: 'enum', choices: p.choices, start: String(start[p.key] ?? p.default) };
    if (p.kind === 'text') throw new UsageError(`${p.key} is text, not a parameter to tune`);
    const r = ranges[p.key] ?? p.tune ?? { min: p.min, max: p.max };
    if (!(r.min >= p.min && r.max <= p.max && r.min < r.max))
      throw new UsageError(`--range ${p.key}=${r.min}:${r.max} must lie within ${p.min}..${p.max} and be increasing`);
    const scale = r.scale ?? 'linear';
    if (scale === 'log' && r.min <= 0) throw new UsageError(`the log-scale range of ${p.key} must start above 0`);
    const s = Number(start[p.key] ?? p.default);
    return { key: p.key, kind: p.kind, min: r.min, max: r.max, scale, start: Math.min(r.max, Math.max(r.min, s)) };
  });
}

/**
 * Parses `--range c=0.1:2,widen=0:0.8,bias=1:100:log`.
 * @throws UsageError on a malformed entry.
 */
export function parseRanges(text: string | undefined): Record<string, TuneRange> {
  const out: Record<string, TuneRange> = {};
  if (text === undefined || text.trim() === '') return out;
  for (const part of text.split(',')) {
    const m = /^\s*([A-Za-z][\w-]*)\s*=\s*([^:]+):([^:]+)(?::(log|linear))?\s*$/.exec(part);
    const min = m ? Number(m[2]) : NaN;
    const max = m ? Number(m[3]) : NaN;
    if (!m || !Number.isFinite(min) || !Number.isFinite(max)) throw new UsageError(`--range: '${part}' is not key=min:max (or key=min:max:log)`);
    out[m[1]!] = { min, max, ...(m[4] ? { scale: m[4] as 'log' | 'linear' } : {}) };
  }
  return out;
}

/** The value of a numeric dimension at normalized coordinate u (clamped to [0, 1]); integers rounded, floats to 4 significant digits. */
export function valueAt(d: Extract<Dimension, { kind: 'int' | 'float' }>, u: number): number {
  const t = Math.min(1, Math.max(0, u));
  const x = d.scale === 'log' ? d.min * (d.max / d.min) ** t : d.min + t * (d.max - d.min);
  const v = d.kind === 'int' ? Math.round(x) : Number(x.toPrecision(4));
  return Math.min(d.max, Math.max(d.min, v));
}

/** The normalized coordinate of a numeric value (inverse of `valueAt` before rounding). */
export function coordinateOf(d: Extract<Dimension, { kind: 'int' | 'float' }>, x: number): number {
  const u = d.scale === 'log' ? Math.log(x / d.min) / Math.log(d.max / d.min) : (x - d.min) / (d.max - d.min);
  return Math.min(1, Math.max(0, u));
}

/**
 * The discrete levels of each dimension for NTBEA: an enum's choices; a
 * numeric range cut into `levels` evenly spaced coordinates (endpoints
 * included; integers de-duplicated), with the start value added when it is
 * not one of them, so the search can stay where it began.
 * @param levels >= 2.
 */
export function levelsOf(d: Dimension, levels: number): (number | string)[] {
  if (d.kind === 'enum') return [...d.choices];
  const out: number[] = [];
  for (let i = 0; i < levels; i++) {
    const v = valueAt(d, i / (levels - 1));
    if (!out.includes(v)) out.push(v);
  }
  if (!out.includes(d.start)) out.push(d.start);
  return out.sort((a, b) => a - b);
}

/** The starting point of a space. */
export function startPoint(dims: readonly Dimension[]): Point {
  return dims.map((d) => d.start);
}

/** `key=value` pairs of a point, for specs and tables. */
export function pointParams(dims: readonly Dimension[], p: Point): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  dims.forEach((d, i) => {
    out[d.key] = p[i]!;
  });
  return out;
}
