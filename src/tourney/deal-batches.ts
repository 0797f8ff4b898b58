/**
 * The schedule of a run: deals and batches (`README.md`, "Seat rotation").
 * Each deal is played once per seating (`src/stats/seatings.ts`: the distinct
 * rotations of a line-up, the paired seatings of `match`, the round robin of
 * `rate`), so with K seatings game `g = deal * K + k`. Batches depend only on
 * (games, K), never on the worker count, so merging batch results in batch
 * order gives identical figures for any `--workers`.
 */
export interface Batch {
  /** Position in the run, 0-based. */
  readonly index: number;
  /** Deals [dealStart, dealEnd) are played, every rotation of each. */
  readonly dealStart: number;
  readonly dealEnd: number;
}

/** Most games per batch: large enough that the pool's overhead is negligible (~20 ms of random Captain's Orders). */
export const GAMES_PER_BATCH = 4000;
/**
 * Fewest batches a run is cut into when it has the deals for it: every
 * worker gets many batches, so none idles at the end of a short run or a run
 * of slow games (2 000 games of a search bot are ~60 batches, not one).
 */
export const MIN_BATCHES = 64;

/** Deals needed for at least `games` games with `perDeal` games (seatings) a deal. */
export function dealsFor(games: number, perDeal: number): number {
  return Math.ceil(games / perDeal);
}

/**
 * Deals per batch of a run of `deals` deals of `perDeal` games each: enough for MIN_BATCHES batches,
 * at most GAMES_PER_BATCH games a batch. Depends on the run alone, never on
 * the worker count, so merged results are the same for any `--workers`.
 */
export function dealsPerBatch(deals: number, perDeal: number): number {
  const most = Math.max(1, Math.floor(GAMES_PER_BATCH / perDeal));
  return Math.min(most, Math.max(1, Math.ceil(deals / MIN_BATCHES)));
}

/** Splits `deals` deals into batches of `per` deals (the last may be shorter). */
export function makeBatches(deals: number, per: number): Batch[] {
  const out: Batch[] = [];
  for (let d = 0, i = 0; d < deals; d += per, i++) out.push({ index: i, dealStart: d, dealEnd: Math.min(deals, d + per) });
  return out;
}
