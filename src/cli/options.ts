import { UsageError } from '../core/errors.js';
import { getBotKind } from '../../bots/index.js';

/**
 * The line-up used without `--bots`: greedy and random alternating from seat 0
 * (all random when the game has no greedy heuristic).
 */
export function defaultLineup(gameId: string, players: number): string[] {
  const greedy = getBotKind('greedy').supports(gameId);
  return Array.from({ length: players }, (_, i) => (greedy && i % 2 === 0 ? 'greedy' : 'random'));
}

/**
 * Parses a whole-number option.
 * @throws UsageError naming the option and the valid range.
 */
export function parseCount(flag: string, raw: string | number, min: number, max: number): number {
  const text = String(raw).trim();
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got '${text}'`);
  return n;
}

/**
 * Parses a number option within [lo, hi].
 * @throws UsageError naming the option and the valid range.
 */
export function parseNumber(flag: string, text: string, lo: number, hi: number): number {
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x) || x < lo || x > hi) throw new UsageError(`${flag} must be a number from ${lo} to ${hi}, got '${text}'`);
  return x;
}

/** The default run directory name: `<game>-s<seed>-<UTC time>`, e.g. `captains-orders-s7-20261121-231502`. */
export function runName(gameId: string, seed: string, at: Date): string {
  const t = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const safeSeed = seed.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `${gameId}-s${safeSeed}-${t}`;
}
