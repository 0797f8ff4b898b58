import { isFileSpec, parseLineup } from '../../bots/index.js';
import { newDealKey, parseDealKey } from '../tourney/deal-key.js';

/**
 * The deal key of a new run: `--deal-key` when given; else a new random key
 * when any bot of the line-up is a user bot file (it could re-deal from the
 * public seed); else none, and the deals come from `--seed` as always.
 * @param given the text of `--deal-key`, if any.
 * @param lineups every line-up spec text the command will play.
 * @returns 32 lowercase hex digits, or undefined.
 * @throws UsageError with one line when `given` is not 32 hex digits.
 */
export function runDealKey(given: string | undefined, lineups: readonly string[]): string | undefined {
  if (given !== undefined) return parseDealKey(given);
  const file = lineups.some((text) => parseLineup(text).some((s) => isFileSpec(s.name)));
  return file ? newDealKey() : undefined;
}

/** `runDealKey` as the `RunConfig` field: `{ dealKey }` for a keyed run, `{}` for one dealt from its seed. */
export function dealKeyConfig(given: string | undefined, lineups: readonly string[]): { dealKey?: string } {
  const dealKey = runDealKey(given, lineups);
  return dealKey === undefined ? {} : { dealKey };
}
