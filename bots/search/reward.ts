import type { GameInfo, GameResult } from '../../src/core/index.js';

/**
 * The utility of a finished playout for every seat, and the linear map that
 * brings it into [0, 1] for the search bots (`mc`, `ismcts`).
 *
 * - Games scored by wins (`info.utility` 'win-share'):
 *   a seat's utility is its share of the game win, 1/k when it is among k
 *   winners, else 0 (also 0 for everybody when nobody wins). Already in
 *   [0, 1]; the map is the identity.
 * - Games scored in chips (`info.utility` 'zero-sum', Nines Hold'em): a seat's
 *   utility is its net chips (`result.scores`), which has no bound the
 *   `Game` interface states. It is scaled linearly into [0, 1] by the range
 *   of net chips seen so far in the current search (the smallest and largest
 *   net of any seat in any playout of this decision): `(x - lo) / (hi - lo)`,
 *   0.5 while every playout ended level. Min-max normalisation of this kind
 *   is MuZero's (Schrittwieser et al., Nature 588, 2020, Appendix B). The map
 *   is linear within one search, so a mean of scaled rewards is the scaled
 *   mean chips: maximising it maximises expected chips, unlike a per-playout
 *   rank or sign that would weigh a 2-chip win like a 100-chip one.
 *
 * - Playouts cut at the end of a round (`ismcts:horizon=round`, games with
 *   `Game.runningScores`): a seat's utility is its margin over the best
 *   other seat in the running game scores, `x[s] - max(x[q], q != s)`
 *   (positive for the sole leader), scaled into [0, 1] by the range of
 *   margins seen in the current search, as chips are. A finished game is
 *   scored the same way from its final scores, so that one search never
 *   mixes two scales.
 *
 * One instance per bot; `reset` at the start of every decision.
 */
export class RewardScale {
  /** True for chips games: utilities are net chips, scaled by the search's range. */
  readonly chips: boolean;
  /** True when utilities come from `standings` (margins), scaled by the search's range. */
  readonly byStandings: boolean;
  private readonly scaled: boolean;
  private lo = 0;
  private hi = 1;

  /**
   * @param info the game's facts (`utility` 'zero-sum' selects chips).
   * @param byStandings true when playouts are scored by {@link standings} (round horizon).
   */
  constructor(info: GameInfo, byStandings = false) {
    this.chips = info.utility === 'zero-sum';
    this.byStandings = byStandings;
    this.scaled = this.chips || byStandings;
    this.reset();
  }

  /** Starts a new search: forgets the range seen (chips, standings) or fixes it at [0, 1] (wins). */
  reset(): void {
    if (this.scaled) {
      this.lo = Infinity;
      this.hi = -Infinity;
    } else {
      this.lo = 0;
      this.hi = 1;
    }
  }

  /**
   * Writes each seat's utility of `result` into `out[0..players)` and widens
   * the range seen (chips games).
   */
  utilities(result: GameResult, players: number, out: Float64Array): void {
    if (this.chips) {
      for (let s = 0; s < players; s++) {
        const x = result.scores[s] ?? 0;
        out[s] = x;
        if (x < this.lo) this.lo = x;
        if (x > this.hi) this.hi = x;
      }
      return;
    }
    out.fill(0, 0, players);
    const w = result.winners;
    const share = w.length > 0 ? 1 / w.length : 0;
    for (let i = 0; i < w.length; i++) out[w[i]!] = share;
  }

  /**
   * Takes every seat's estimated utility `values[0..players)` (a net's value
   * head, in the game's utility: win shares, or net chips) as a playout's,
   * into `out`, widening the range seen (chips games) as {@link utilities} does.
   */
  estimates(values: Float64Array, players: number, out: Float64Array): void {
    for (let s = 0; s < players; s++) {
      const x = values[s]!;
      out[s] = x;
      if (this.chips) {
        if (x < this.lo) this.lo = x;
        if (x > this.hi) this.hi = x;
      }
    }
  }
  /**
   * Writes each seat's margin over the best other seat of the running game
   * scores `scores[0..players)` into `out[0..players)`, and widens the range
   * seen. Needs `players >= 2`.
   */
  standings(scores: Float64Array, players: number, out: Float64Array): void {
    // The best and second-best scores give every seat's best other seat.
    let top = -Infinity;
    let second = -Infinity;
    let topSeat = -1;
    for (let s = 0; s < players; s++) {
      const x = scores[s]!;
      if (x > top) {
        second = top;
        top = x;
        topSeat = s;
      } else if (x > second) second = x;
    }
    for (let s = 0; s < players; s++) {
      const m = scores[s]! - (s === topSeat ? second : top);
      out[s] = m;
      if (m < this.lo) this.lo = m;
      if (m > this.hi) this.hi = m;
    }
  }

  /** A utility (or a mean of utilities) of this search mapped into [0, 1]. */
  scale(x: number): number {
    if (!this.scaled) return x;
    const span = this.hi - this.lo;
    return span > 0 ? (x - this.lo) / span : 0.5;
  }
}
