/**
 * The command line before yargs reads it: what yargs lets through (a flag
 * given twice, a value missing), and the option table yargs gets (`--help`
 * types numbers `[number]`, parsing keeps their text).
 */
import type { Options } from 'yargs';
import { UsageError } from '../core/errors.js';

/**
 * Checks a command line before yargs reads it, for what yargs lets through:
 * a flag given twice, a flag that takes a value given none (`--games` last,
 * or before another flag), a switch given a value other than true or false
 * (`--record=maybe`).
 * @returns the flags given (their option names).
 * @throws UsageError naming the flag.
 */
export function checkArgv(argv: readonly string[], options: Readonly<Record<string, Options>>): Set<string> {
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') break;
    if (!token.startsWith('--')) continue;
    const body = token.slice(2);
    const eq = body.indexOf('=');
    const flag = eq >= 0 ? body.slice(0, eq) : body;
    const negated = flag.startsWith('no-') && options[flag.slice(3)]?.type === 'boolean';
    const name = negated ? flag.slice(3) : flag;
    const o = options[name];
    if (o === undefined) continue; // yargs names unknown flags
    if (given.has(name)) throw new UsageError(`--${name} is given twice`);
    given.add(name);
    if (o.type === 'boolean') {
      const v = eq >= 0 ? body.slice(eq + 1) : 'true';
      if (v !== 'true' && v !== 'false') throw new UsageError(`--${name} is a switch: give it alone (or =true, =false), not '${v}'`);
    } else if (eq < 0) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`--${name} needs a value`);
      i++;
    }
  }
  return given;
}

/** True when the command line asks for `--help` (before any `--`). */
export function helpAsked(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a.startsWith('--help='));
}

/**
 * An option table as parsing reads it: each numeric option (`type: 'number'`,
 * so that `--help` types it `[number]`) read as the text typed, and its
 * default as text, since yargs would turn `--games many` into NaN and `1e3`
 * into 1000: `parseCount` and `parseNumber` check the text and name a bad
 * value in one line.
 */
export type AsText<O> = {
  [K in keyof O]: O[K] extends { type: 'number'; default: unknown }
    ? Omit<O[K], 'type' | 'default'> & { type: 'string'; default: string }
    : O[K] extends { type: 'number' }
      ? Omit<O[K], 'type'> & { type: 'string' }
      : O[K];
};

/**
 * The parsing table of an option table (`AsText`).
 * @returns a new table; the options that are not numeric are the same objects.
 */
export function asText<O extends Record<string, Options>>(options: O): AsText<O> {
  const out: Record<string, Options> = {};
  for (const [key, o] of Object.entries(options))
    out[key] = o.type === 'number' ? { ...o, type: 'string', ...(o.default !== undefined ? { default: String(o.default) } : {}) } : o;
  return out as AsText<O>;
}
