/**
 * The samples of a chunk of self-play episodes, packed in typed arrays
 * (`SamplePack`), and the builder both kinds of self-play write them with:
 * Deep Monte-Carlo's ε-greedy episodes (`selfplay.ts`) and Expert
 * Iteration's search episodes (`search-selfplay.ts`).
 */

/**
 * The samples of a chunk, packed in typed arrays (sample k's rows at its
 * offsets), in episode order, then decision order.
 */
export interface SamplePack {
  /** Samples in the pack. */
  readonly samples: number;
  /** `samples × inputSize` observation tensors. */
  readonly obs: Float32Array;
  /** Per sample: the number of legal actions. */
  readonly counts: Int32Array;
  /** Every sample's legal action ids, one run after another (`counts[k]` each). */
  readonly legal: Int32Array;
  /** With a feature head: `Σ counts × featureSize` features, row j for the j-th legal id of `legal`. */
  readonly features: Float32Array | null;
  /** Per sample: the index into its legal actions of the action taken. */
  readonly chosen: Int32Array;
  /** Per sample: 1 when the action taken was the warm-start bot's (a demonstration), else 0 (the net's, or ε's). */
  readonly demo: Uint8Array;
  /** Aligned with `legal`: each legal action's rollout target, NaN throughout a sample without them; null when the task asked for none. */
  readonly qAll: Float32Array | null;
  /** Aligned with `legal`: the expert's policy target (visit counts, or 1 on its action), NaN throughout a sample without one; null when the task asked for none. */
  readonly policy: Float32Array | null;
  /** Per sample: its Monte-Carlo return (the utility of its seat at the end), the Q-target. */
  readonly target: Float32Array;
  /** `samples × P`: every seat's utility at the end, seat-relative (the sample's seat first, then the seat to its left...): the value head's target. */
  readonly values: Float32Array;
  /** Per episode played: the learner's mean utility over its seats (for the curve). */
  readonly learnerUtility: Float64Array;
  /** Decisions of learner seats in the chunk. */
  readonly decisions: number;
  /** Expert Iteration's self-play: the search iterations its decisions ran. */
  readonly searchIterations?: number;
}

/** A growable Float32 / Int32 buffer. */
export class Grow<T extends Float32Array | Int32Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  reserve(n: number): void {
    if (this.length + n <= this.data.length) return;
    const next = this.make(Math.max(this.length + n, 2 * this.data.length));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

const floats = (n: number): Grow<Float32Array> => new Grow(new Float32Array(n), (m) => new Float32Array(m));
const ints = (n: number): Grow<Int32Array> => new Grow(new Int32Array(n), (m) => new Int32Array(m));

/**
 * Writes a chunk's samples: per decision `begin` (the input and legal
 * actions), then the optional per-action targets at `legalAt`, then `end`
 * (the action taken); per episode `finish` with every seat's utility.
 */
export class PackBuilder {
  readonly obs: Grow<Float32Array>;
  readonly legal = ints(4096);
  readonly features: Grow<Float32Array>;
  readonly qAll: Grow<Float32Array> | null;
  readonly policy: Grow<Float32Array> | null;
  private readonly chosen = ints(256);
  private readonly counts = ints(256);
  private readonly seatOf = ints(256);
  private readonly demo = ints(256);
  private readonly target = floats(256);
  private readonly values: Grow<Float32Array>;
  private readonly learnerUtility: Float64Array;
  private episodeStart = 0;
  private episodes = 0;
  /** With round values: the first sample of the round being played. */
  private roundStart = 0;
  /** True when `endRound` writes the value targets (round points), not `finish`. */
  private valuesByRound = false;
  decisions = 0;

  /**
   * @param inputSize N, the net's input entries; @param featureSize F (0 without a feature head);
   * @param players P; @param episodes the chunk's episode count;
   * @param withQAll, withPolicy whether the pack holds rollout targets and policy targets.
   */
  constructor(
    private readonly inputSize: number,
    private readonly featureSize: number,
    private readonly players: number,
    episodes: number,
    withQAll: boolean,
    withPolicy: boolean,
  ) {
    this.obs = floats(inputSize * 256);
    this.features = floats(featureSize > 0 ? 4096 * featureSize : 0);
    this.qAll = withQAll ? floats(4096) : null;
    this.policy = withPolicy ? floats(4096) : null;
    this.values = floats(256 * players);
    this.learnerUtility = new Float64Array(episodes);
  }

  /** Where the next decision's per-action rows start in `legal`, `qAll` and `policy` (reserved for `n` by `begin`). */
  get legalAt(): number {
    return this.legal.length;
  }

  /** Starts a decision: its input `x`, its `n` legal actions and (feature head) their features `feats[0, n F)`. */
  begin(x: Float32Array, legal: Int32Array, n: number, feats: Float32Array | null): void {
    const N = this.inputSize;
    this.obs.reserve(N);
    this.obs.data.set(x.subarray(0, N), this.obs.length);
    this.obs.length += N;
    this.legal.reserve(n);
    for (let j = 0; j < n; j++) this.legal.data[this.legal.length + j] = legal[j]!;
    this.qAll?.reserve(n);
    this.policy?.reserve(n);
    const F = this.featureSize;
    if (feats && F > 0) {
      this.features.reserve(n * F);
      this.features.data.set(feats.subarray(0, n * F), this.features.length);
      this.features.length += n * F;
    }
  }

  /** Ends a decision begun with `n` legal actions: the index `k` of the action taken, its seat, whether a demonstrator chose it. */
  end(n: number, k: number, seat: number, demonstrated: number): void {
    if (this.qAll) this.qAll.length += n;
    if (this.policy) this.policy.length += n;
    this.legal.length += n;
    this.counts.reserve(1);
    this.counts.data[this.counts.length++] = n;
    this.chosen.reserve(1);
    this.chosen.data[this.chosen.length++] = k;
    this.seatOf.reserve(1);
    this.seatOf.data[this.seatOf.length++] = seat;
    this.demo.reserve(1);
    this.demo.data[this.demo.length++] = demonstrated;
    this.decisions++;
  }

  /**
   * Makes the value targets every seat's points of the sample's round
   * (`NetArchitecture.valueTarget` 'round'), written by {@link endRound};
   * `finish` then writes the returns alone. Call before the first decision.
   */
  labelValuesByRound(): void {
    this.valuesByRound = true;
  }

  /**
   * Ends a round (with {@link labelValuesByRound}): the value target of each
   * decision since the last round's end is every seat's `points[q]` divided
   * by `scale`, seat-relative (the sample's seat first).
   * @param points per absolute seat, the round's points in game points (the gain in `Game.runningScores`).
   */
  endRound(points: Float64Array, scale: number): void {
    const last = this.chosen.length;
    this.writeValues(this.roundStart, last, points, scale);
    this.roundStart = last;
  }

  /** Value targets of samples `[first, last)`: every seat's `perSeat[q] / scale`, seat-relative (the sample's seat first). */
  private writeValues(first: number, last: number, perSeat: Float64Array, scale: number): void {
    const P = this.players;
    this.values.reserve((last - first) * P);
    for (let i = first; i < last; i++) {
      const q = this.seatOf.data[i]!;
      for (let j = 0; j < P; j++) this.values.data[i * P + j] = perSeat[(q + j) % P]! / scale;
    }
    this.values.length = last * P;
  }

  /**
   * Ends an episode: each of its samples' return is its seat's utility
   * `util[seat]`, its value target every seat's, seat-relative (unless the
   * values are labelled by round: then they were written by {@link endRound}).
   * @param learnerUtility the learner's mean utility over its seats (for the curve).
   */
  finish(util: Float64Array, learnerUtility: number): void {
    const first = this.episodeStart;
    const last = this.chosen.length;
    this.target.reserve(last - first);
    for (let i = first; i < last; i++) this.target.data[i] = util[this.seatOf.data[i]!]!;
    this.target.length = last;
    if (this.valuesByRound) {
      if (this.roundStart !== last) throw new Error('PackBuilder.finish: decisions after the last round ended have no round points');
    } else this.writeValues(first, last, util, 1);
    this.learnerUtility[this.episodes++] = learnerUtility;
    this.episodeStart = last;
  }

  /** The pack of every episode finished. */
  build(): SamplePack {
    return {
      samples: this.chosen.length,
      obs: this.obs.view(),
      counts: this.counts.view(),
      legal: this.legal.view(),
      features: this.featureSize > 0 ? this.features.view() : null,
      qAll: this.qAll ? this.qAll.view() : null,
      policy: this.policy ? this.policy.view() : null,
      chosen: this.chosen.view(),
      demo: Uint8Array.from(this.demo.view()),
      target: this.target.view(),
      values: this.values.view(),
      learnerUtility: this.learnerUtility,
      decisions: this.decisions,
    };
  }
}
