/**
 * "Did you mean X?": the closest valid name to a mistyped one, by edit
 * distance (Levenshtein, from `fastest-levenshtein`). Only the CLI uses it:
 * the core names the unknown word and its choices (`UnknownName`), and stays
 * free of packages for the sandbox.
 */
import { distance } from 'fastest-levenshtein';
import type { UsageError } from '../core/errors.js';

/**
 * The most edits a word may be from a name it is taken to mean: 1 for words
 * of up to 3 characters, 2 up to 6, 3 beyond (a swap of two letters is 2).
 */
function reach(word: string): number {
  return word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
}

/**
 * The names of `choices` closest to `word` (letter case ignored), when they
 * are within `reach` of it and nearer than replacing it whole.
 * @returns the closest names (several when tied), in the order of `choices`; empty when none is close.
 */
export function closestNames(word: string, choices: readonly string[]): string[] {
  const w = word.toLowerCase();
  let best = Number.POSITIVE_INFINITY;
  let names: string[] = [];
  for (const c of new Set(choices)) {
    const d = distance(w, c.toLowerCase());
    if (d > reach(word) || d >= Math.max(w.length, c.length)) continue;
    if (d < best) [best, names] = [d, [c]];
    else if (d === best) names.push(c);
  }
  return names;
}

/**
 * The words "did you mean X?" for a mistyped word, or null when no choice is close.
 * @param prefix written before each name (`--` for a flag).
 */
export function didYouMean(word: string, choices: readonly string[], prefix = ''): string | null {
  const names = closestNames(word, choices);
  return names.length === 0 ? null : `did you mean ${names.map((n) => `${prefix}${n}`).join(' or ')}?`;
}

/**
 * The one line the CLI prints for bad input: the message's first line, with
 * "(did you mean X?)" after the unknown word when a valid name is close.
 */
export function usageLine(e: UsageError): string {
  const line = e.message.split('\n')[0]!;
  const u = e.unknown;
  const hint = u === undefined ? null : didYouMean(u.word, u.choices);
  if (hint === null || u === undefined) return line;
  const quoted = `'${u.word}'`;
  const at = line.indexOf(quoted);
  return at < 0 ? `${line} (${hint})` : `${line.slice(0, at + quoted.length)} (${hint})${line.slice(at + quoted.length)}`;
}
