/**
 * A user bot is named by its file in a line-up: `--bots ./my-bot.js,greedy,...`.
 * The file is an ES module whose default export is either a factory
 * `(game) => Bot` or an object `{ create(params, game): Bot, params?, supports?(gameId), doc? }`
 * (README, "Write your own bot"). It plays in a realm of its own (`bots/remote`).
 */
export function isFileSpec(name: string): boolean {
  return /^(\.{1,2}[\\/]|\/)/.test(name) || /\.(m?js|ts)$/.test(name);
}
