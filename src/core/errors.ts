/**
 * Bad user input: an unknown game or bot, a bad variant value, a line-up that
 * does not fit. The CLI prints the message as one line on stderr and exits 2.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A run that had to stop for a reason outside the user's input (a full disk):
 * the CLI prints the message as one line on stderr and exits 1.
 */
export class RunStoppedError extends Error {
  override name = 'RunStoppedError';
}
