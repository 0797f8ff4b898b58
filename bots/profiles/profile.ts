/**
 * A game's tuned defaults: for each built-in bot kind, the parameter values
 * that `--bots <kind>` means in that game, found with `npm run train` and
 * confirmed with `npm run match --sprt` (the commands are in `sources`). A
 * parameter a profile does not name keeps the kind's own default.
 */
export interface Profile {
  readonly bots: Readonly<Record<string, Readonly<Record<string, number | string>>>>;
  /** How each bot's values were found and confirmed: the commands, and what they measured. */
  readonly sources: readonly string[];
}
