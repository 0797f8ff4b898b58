/**
 * Adam's settings (Kingma & Ba, "Adam: A Method for Stochastic Optimization",
 * ICLR 2015, Algorithm 1; the defaults are the paper's), with L2 weight
 * decay and gradient clipping by global norm.
 */
export interface AdamOptions {
  /** Step size alpha (weight units per step at most, roughly). Default 0.001. */
  readonly lr?: number;
  /** Decay of the first moment. Default 0.9. */
  readonly beta1?: number;
  /** Decay of the second moment. Default 0.999. */
  readonly beta2?: number;
  /** epsilon, added to sqrt(v-hat). Default 1e-8. */
  readonly epsilon?: number;
  /** L2 coefficient lambda: lambda * w is added to the gradient (the loss gains lambda/2 |w|^2). Default 0. */
  readonly weightDecay?: number;
  /** Largest global L2 norm of the loss's gradient; a longer one is scaled down to it. Default Infinity (no clipping). */
  readonly clipNorm?: number;
}

/**
 * Adam over a flat Float32 weight vector and its Float64 gradient. One step:
 *
 *   n = |g|_2 over every entry; g <- g * min(1, clipNorm / n)   (global-norm clipping,
 *       Pascanu, Mikolov & Bengio, ICML 2013)
 *   g <- g + lambda * w                                          (L2 decay, as PyTorch's
 *       Adam `weight_decay`: it goes through the moments; not AdamW's decoupled decay)
 *   t <- t + 1; m <- b1 m + (1 - b1) g; v <- b2 v + (1 - b2) g^2
 *   w <- w - lr * (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + epsilon)
 *
 * Deterministic: one pass in index order, moments in Float64, b1^t and b2^t
 * kept as running products (no `Math.pow`), each new weight rounded to
 * Float32 once.
 */
export class Adam {
  readonly lr: number;
  readonly beta1: number;
  readonly beta2: number;
  readonly epsilon: number;
  readonly weightDecay: number;
  readonly clipNorm: number;
  /** First and second moment estimates, one per weight. */
  readonly m: Float64Array;
  readonly v: Float64Array;
  /** Steps taken. */
  t = 0;
  private b1t = 1;
  private b2t = 1;

  /**
   * @param size the number of weights.
   * @throws RangeError on a setting out of its range.
   */
  constructor(size: number, options: AdamOptions = {}) {
    this.lr = options.lr ?? 0.001;
    this.beta1 = options.beta1 ?? 0.9;
    this.beta2 = options.beta2 ?? 0.999;
    this.epsilon = options.epsilon ?? 1e-8;
    this.weightDecay = options.weightDecay ?? 0;
    this.clipNorm = options.clipNorm ?? Number.POSITIVE_INFINITY;
    const bad = (name: string, ok: boolean): void => {
      if (!ok) throw new RangeError(`adam: ${name} out of range`);
    };
    bad('lr', this.lr > 0 && Number.isFinite(this.lr));
    bad('beta1', this.beta1 >= 0 && this.beta1 < 1);
    bad('beta2', this.beta2 >= 0 && this.beta2 < 1);
    bad('epsilon', this.epsilon > 0);
    bad('weightDecay', this.weightDecay >= 0 && Number.isFinite(this.weightDecay));
    bad('clipNorm', this.clipNorm > 0);
    this.m = new Float64Array(size);
    this.v = new Float64Array(size);
  }

  /**
   * Puts the optimiser back where a saved run left it: `t` steps taken, with
   * moments `m` and `v` (copied in). The bias-correction products b1^t and
   * b2^t are rebuilt as the running products `step` keeps (t
   * multiplications), so a resumed run takes bit-identical steps.
   * @throws RangeError when the moments' lengths differ from the optimiser's size.
   */
  restore(t: number, m: ArrayLike<number>, v: ArrayLike<number>): void {
    if (m.length !== this.m.length || v.length !== this.v.length)
      throw new RangeError(`adam: size ${this.m.length}, given moments of ${m.length} and ${v.length}`);
    this.m.set(m);
    this.v.set(v);
    this.t = t;
    this.b1t = 1;
    this.b2t = 1;
    for (let i = 0; i < t; i++) {
      this.b1t *= this.beta1;
      this.b2t *= this.beta2;
    }
  }

  /**
   * One update of `weights` from `grads` (the mean gradient of the loss over
   * a minibatch); `grads` is left as it was.
   * @returns the gradient's global L2 norm before clipping.
   * @throws RangeError when the lengths differ from the optimiser's size.
   */
  step(weights: Float32Array, grads: Float64Array): number {
    const n = this.m.length;
    if (weights.length !== n || grads.length !== n) throw new RangeError(`adam: size ${n}, given ${weights.length} weights and ${grads.length} gradients`);
    let sq = 0;
    for (let i = 0; i < n; i++) sq += grads[i]! * grads[i]!;
    const norm = Math.sqrt(sq);
    const scale = norm > this.clipNorm ? this.clipNorm / norm : 1;
    this.t++;
    this.b1t *= this.beta1;
    this.b2t *= this.beta2;
    const b1 = this.beta1;
    const b2 = this.beta2;
    const c1 = 1 - this.b1t;
    const c2 = 1 - this.b2t;
    const lr = this.lr;
    const eps = this.epsilon;
    const wd = this.weightDecay;
    const m = this.m;
    const v = this.v;
    for (let i = 0; i < n; i++) {
      const w = weights[i]!;
      const g = grads[i]! * scale + wd * w;
      const mi = b1 * m[i]! + (1 - b1) * g;
      const vi = b2 * v[i]! + (1 - b2) * g * g;
      m[i] = mi;
      v[i] = vi;
      weights[i] = w - (lr * (mi / c1)) / (Math.sqrt(vi / c2) + eps);
    }
    return norm;
  }
}
