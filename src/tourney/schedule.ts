/**
 * The schedule of a run: deals, rotations and batches
 * (`README.md`, "Seat rotation"). Each deal is played once per cyclic
 * rotation of the line-up, so with P seats game `g = deal * P + rotation`;
 * in rotation k the line-up entry i sits at seat (i + k) % P.
 * Batches depend only on (games, P), never on the worker count, so merging
 * batch results in batch order gives identical figures for any `--workers`.
 */
export interface Batch {
  /** Position in the run, 0-based. */
  readonly index: number;
  /** Deals [dealStart, dealEnd) are played, every rotation of each. */
  readonly dealStart: number;
  readonly dealEnd: number;
}

/** Games per batch aimed at: large enough that the pool's overhead is negligible. */
export const GAMES_PER_BATCH = 4000;

/** Whole rotations needed for at least `games` games with `players` seats. */
export function dealsFor(games: number, players: number): number {
  return Math.ceil(games / players);
}

/** Splits `deals` deals into batches of about GAMES_PER_BATCH games. */
export function makeBatches(deals: number, players: number, gamesPerBatch = GAMES_PER_BATCH): Batch[] {
  const per = Math.max(1, Math.floor(gamesPerBatch / players));
  const out: Batch[] = [];
  for (let d = 0, i = 0; d < deals; d += per, i++) out.push({ index: i, dealStart: d, dealEnd: Math.min(deals, d + per) });
  return out;
}

/** The line-up entry sitting at `seat` in rotation `rotation`. */
export function entryAtSeat(seat: number, rotation: number, players: number): number {
  return (seat - rotation + players) % players;
}
