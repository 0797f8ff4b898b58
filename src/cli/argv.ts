/**
 * The command line before yargs reads it: what yargs lets through (a flag
 * given twice, a value missing), and the option table yargs gets (`--help`
 * types numbers `[number]`, parsing keeps their text).
 */
import type { InferredOptionTypes, Options } from 'yargs';
import { UsageError } from '../core/errors.js';
import { gameIds } from '../core/registry.js';
import { closestNames, didYouMean } from './suggest.js';

/** Flags yargs itself answers, beside a command's options. */
const BUILT_IN_FLAGS: readonly string[] = ['help', 'version'];

/** A flag's option name: yargs also reads `--moveTimeout` as `--move-timeout`. */
function optionName(flag: string, options: Readonly<Record<string, Options>>): string {
  if (options[flag] !== undefined) return flag;
  const kebab = flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return options[kebab] !== undefined ? kebab : flag;
}

/**
 * Checks a command line before yargs reads it, for what yargs lets through or
 * names badly: a flag given twice, a flag that takes a value given none
 * (`--games` last, or before another flag), a switch given a value other
 * than true or false (`--record=maybe`), an unknown flag (`--gmae`, `-game`,
 * which yargs reads as the letters g, a, m, e), and a word that belongs to
 * no flag (`nine-virtues` without `--game`): each of the last two with "did
 * you mean" when a flag (or `--game ID`) is close.
 * @returns the flags given (their option names).
 * @throws UsageError naming the flag or word.
 */
export function checkArgv(argv: readonly string[], options: Readonly<Record<string, Options>>): Set<string> {
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') break;
    if (!token.startsWith('--')) throw strayWord(token, options);
    const body = token.slice(2);
    const eq = body.indexOf('=');
    const flag = optionName(eq >= 0 ? body.slice(0, eq) : body, options);
    const negated = flag.startsWith('no-') && options[optionName(flag.slice(3), options)]?.type === 'boolean';
    const name = negated ? optionName(flag.slice(3), options) : flag;
    const o = options[name];
    if (o === undefined) {
      if (BUILT_IN_FLAGS.includes(name)) continue;
      throw unknownFlag(`--${flag}`, flag, options);
    }
    if (given.has(name)) throw new UsageError(`--${name} is given twice`);
    given.add(name);
    if (o.type === 'boolean') {
      const v = eq >= 0 ? body.slice(eq + 1) : 'true';
      if (v !== 'true' && v !== 'false') throw new UsageError(`--${name} is a switch: give it alone (or =true, =false), not '${v}'`);
      // yargs reads `--record false` as the switch's value.
      if (eq < 0 && (argv[i + 1] === 'true' || argv[i + 1] === 'false')) i++;
    } else if (eq < 0) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`--${name} needs a value`);
      i++;
    }
  }
  return given;
}

/** The names a flag may be: the options and yargs' own. */
function flagNames(options: Readonly<Record<string, Options>>): string[] {
  return [...Object.keys(options), ...BUILT_IN_FLAGS];
}

/** An unknown flag as typed (`--gmae`, `-game`), with the closest flag when one is close. */
function unknownFlag(token: string, flag: string, options: Readonly<Record<string, Options>>): UsageError {
  const hint = didYouMean(flag, flagNames(options), '--');
  return new UsageError(`unknown flag ${token} (${hint ?? 'see --help for the flags'})`);
}

/**
 * A word outside any flag: a flag with one dash (`-game`), a game id without
 * `--game`, a flag's name without dashes, or a value with no flag before it.
 */
function strayWord(token: string, options: Readonly<Record<string, Options>>): UsageError {
  if (token === '-h') return new UsageError('unknown flag -h (did you mean --help?)');
  if (/^-[^-\d.]/.test(token)) return unknownFlag(token, token.slice(1), options);
  if (options.game !== undefined) {
    const games = closestNames(token, gameIds());
    if (games.length === 1) return new UsageError(`unexpected argument '${token}' (did you mean --game ${games[0]}?)`);
  }
  const hint = didYouMean(token, flagNames(options), '--');
  return new UsageError(`unexpected argument '${token}' (${hint ?? 'flags start with --; see --help'})`);
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

/**
 * The arguments yargs parsed, as the option table's types: each declared
 * option's value checked against its `type` (a string, a switch; absent only
 * when it has no default). yargs' result type (its camel-case aliases of a
 * generic table's keys) is more than TypeScript can follow; this check is
 * what the declared type rests on.
 * @returns `args` itself.
 * @throws Error (an internal error, not bad input) when a value does not fit its option.
 */
export function typedArgs<O extends Record<string, Options>>(args: Readonly<Record<string, unknown>>, options: O): InferredOptionTypes<O>;
export function typedArgs(args: Readonly<Record<string, unknown>>, options: Readonly<Record<string, Options>>): Readonly<Record<string, unknown>> {
  for (const [key, o] of Object.entries(options)) {
    const v = args[key];
    const fits = v === undefined ? o.default === undefined : o.type === 'string' || o.type === 'boolean' ? typeof v === o.type : true;
    if (!fits) throw new Error(`--${key}: yargs returned ${JSON.stringify(v)} for a ${o.type ?? 'untyped'} option`);
  }
  return args;
}
