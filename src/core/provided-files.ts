/**
 * Files a variant names (a Nine Muses card set), handed to a game by its
 * host instead of read from disk. Inside the sandbox of a user bot file
 * (`bots/sandbox`) there is no file system: the harness reads each file the
 * run's variant names and provides its text here before the game is built,
 * and the game's loader asks here first. Elsewhere nothing is provided and
 * games read their files as usual.
 */
const provided = new Map<string, string>();

/**
 * Provides the text of the file a variant value names.
 * @param value the variant value exactly as the variant holds it (a path).
 * @param text the file's whole content (UTF-8 text).
 */
export function provideFile(value: string, text: string): void {
  provided.set(value, text);
}

/**
 * The provided text of the file a variant value names, if the host provided it.
 * @param value the variant value exactly as the variant holds it.
 * @returns its text, or undefined when nothing was provided for it.
 */
export function providedFile(value: string): string | undefined {
  return provided.get(value);
}
