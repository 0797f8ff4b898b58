/**
 * A name the user typed that is none of the names it could be (a game id, a
 * bot, a bot parameter, a variant key). The CLI adds "did you mean X?" when
 * one of `choices` is close (`src/cli/suggest.ts`); the core only names them,
 * so that it stays free of packages (the sandbox loads it too).
 */
export interface UnknownName {
  /** As typed. */
  readonly word: string;
  /** Every name it could have been. */
  readonly choices: readonly string[];
}

/**
 * Bad user input: an unknown game or bot, a bad variant value, a line-up that
 * does not fit. The CLI prints the message as one line on stderr and exits 2.
 */
export class UsageError extends Error {
  override name = 'UsageError';
  /** The unknown name the message is about, if any (the CLI suggests the closest choice). */
  readonly unknown: UnknownName | undefined;

  /**
   * @param message one line naming the problem.
   * @param unknown the unknown name it is about and the valid names, for "did you mean".
   */
  constructor(message: string, unknown?: UnknownName) {
    super(message);
    this.unknown = unknown;
  }
}

/**
 * A run that had to stop for a reason outside the user's input (a full disk):
 * the CLI prints the message as one line on stderr and exits 1.
 */
export class RunStoppedError extends Error {
  override name = 'RunStoppedError';
}
