/**
 * A dense multilayer perceptron over a slice of a net's flat weights: dense
 * (fully connected) layers with ReLU between them, forward and backward
 * passes that allocate nothing (every activation and delta buffer belongs to
 * the instance).
 *
 * Storage. Layer l maps `sizes[l]` inputs to `sizes[l + 1]` outputs; its
 * weight matrix W (`sizes[l]` x `sizes[l + 1]`) is stored input-major (row i
 * holds input i's weights to every output, contiguous), then its bias
 * (`sizes[l + 1]`); the layers follow each other in order. This is the
 * `[in, out]` kernel layout of TensorFlow and of ONNX's `Gemm` (B, transB = 0),
 * so export copies rows as they are.
 *
 * Why input-major (the sparse trick): a pre-activation is computed as the
 * bias plus, for each nonzero input i in ascending order, x_i times row i
 * (`addRows`). Observation tensors are mostly zeros and one-hots, and ReLU
 * zeroes about half of every hidden layer, so most rows are skipped; the
 * skipped terms are exact zeros, so the result is the dense product's bit for
 * bit (the oracle in test/nn/reference.ts computes it densely).
 *
 * Precision: weights are Float32 (the file's, ONNX's and tfjs's type);
 * activations, pre-activations, deltas and gradients are Float64. Summing in
 * Float64 rounds once per product instead of once per addition into a
 * Float32 slot, costs nothing in V8 (a Float32Array element is widened to a
 * double on every read anyway), and makes a gradient summed over a minibatch
 * insensitive to the order of magnitudes of its terms. Determinism does not
 * come from the precision but from the order: every sum runs in a fixed
 * order (rows ascending, samples in batch order), and IEEE double arithmetic
 * gives the same bits for the same operations on every machine.
 */
export class Mlp {
  /** Layer widths `[inputs, hidden..., outputs]`, at least two entries. */
  readonly sizes: readonly number[];
  /** True when the output layer is followed by ReLU too (a trunk); false for a linear output (a head). */
  readonly reluOutput: boolean;
  /** Number of weights and biases in the block (`Mlp.paramCount(sizes)`). */
  readonly paramCount: number;
  /** The input vector (`sizes[0]` entries): callers write it, then call `run`. */
  readonly input: Float64Array;
  /** The output vector after `run` (`sizes[last]` entries); overwritten by the next run. */
  readonly output: Float64Array;
  private readonly w: Float32Array;
  private readonly g: Float64Array;
  /** Offsets of each layer's weight matrix and bias in the block. */
  private readonly wOff: Int32Array;
  private readonly bOff: Int32Array;
  /** pre[l]: pre-activation of layer l (`sizes[l + 1]`). */
  private readonly pre: Float64Array[];
  /** act[l]: input of layer l (act[0] = input; act[l + 1] = ReLU(pre[l]), the last one pre itself when linear). */
  private readonly act: Float64Array[];
  /** delta[l]: the loss's gradient with respect to pre[l]. */
  private readonly delta: Float64Array[];
  /** Layer 0's pre-activation from the prefix rows (see `runPrefix`). */
  private readonly prefixPre: Float64Array;
  private prefixRows = -1;

  /**
   * @param sizes layer widths `[inputs, hidden..., outputs]`, positive integers.
   * @param reluOutput whether ReLU follows the output layer.
   * @param weights the block's weights (`paramCount(sizes)` entries, a view of the net's flat vector).
   * @param grads the block's gradient accumulator (same length, a view of the net's flat gradient).
   * @throws RangeError when the sizes or the views do not fit.
   */
  constructor(sizes: readonly number[], reluOutput: boolean, weights: Float32Array, grads: Float64Array) {
    if (sizes.length < 2 || !sizes.every((n) => Number.isInteger(n) && n > 0)) throw new RangeError(`mlp: bad layer sizes [${sizes.join(', ')}]`);
    this.sizes = [...sizes];
    this.reluOutput = reluOutput;
    this.paramCount = Mlp.paramCount(sizes);
    if (weights.length !== this.paramCount || grads.length !== this.paramCount) {
      throw new RangeError(`mlp: ${this.paramCount} parameters, given ${weights.length} weights and ${grads.length} gradients`);
    }
    this.w = weights;
    this.g = grads;
    const layers = sizes.length - 1;
    this.wOff = new Int32Array(layers);
    this.bOff = new Int32Array(layers);
    this.pre = [];
    this.act = [new Float64Array(sizes[0]!)];
    this.delta = [];
    let off = 0;
    for (let l = 0; l < layers; l++) {
      const nIn = sizes[l]!;
      const nOut = sizes[l + 1]!;
      this.wOff[l] = off;
      off += nIn * nOut;
      this.bOff[l] = off;
      off += nOut;
      const pre = new Float64Array(nOut);
      this.pre.push(pre);
      this.act.push(l < layers - 1 || reluOutput ? new Float64Array(nOut) : pre);
      this.delta.push(new Float64Array(nOut));
    }
    this.input = this.act[0]!;
    this.output = this.act[layers]!;
    this.prefixPre = new Float64Array(sizes[1]!);
  }

  /** Weights and biases of an MLP with these layer widths: the sum of `in x out + out` over its layers. */
  static paramCount(sizes: readonly number[]): number {
    let n = 0;
    for (let l = 0; l + 1 < sizes.length; l++) n += sizes[l]! * sizes[l + 1]! + sizes[l + 1]!;
    return n;
  }

  /** Where layer l's weight matrix (input-major, `sizes[l] x sizes[l + 1]`) and bias start in the block. */
  layerOffsets(l: number): { readonly weights: number; readonly bias: number } {
    return { weights: this.wOff[l]!, bias: this.bOff[l]! };
  }

  /**
   * The forward pass from `input`: every layer in order.
   * @returns `output` (owned by the instance).
   */
  run(): Float64Array {
    const pre0 = this.pre[0]!;
    const nOut = this.sizes[1]!;
    copyFromF32(this.w, this.bOff[0]!, nOut, pre0);
    addRows(this.input, 0, this.sizes[0]!, this.w, this.wOff[0]!, nOut, pre0);
    this.prefixRows = -1;
    return this.finish();
  }

  /**
   * First half of a forward pass over inputs whose leading `rows` entries are
   * shared by many calls (the feature head: the trunk's output, the same for
   * every legal action): computes layer 0's bias plus those rows once, from
   * `input[0, rows)`. Then `runRest` after each write of `input[rows, end)`.
   * Row order is the same as `run`'s, so `runPrefix` + `runRest` gives `run`'s
   * bits.
   * @param rows the shared leading inputs, 0 <= rows <= sizes[0].
   */
  runPrefix(rows: number): void {
    const nOut = this.sizes[1]!;
    copyFromF32(this.w, this.bOff[0]!, nOut, this.prefixPre);
    addRows(this.input, 0, rows, this.w, this.wOff[0]!, nOut, this.prefixPre);
    this.prefixRows = rows;
  }

  /**
   * Second half of a forward pass after `runPrefix`: reads `input[rows, end)`
   * (the caller wrote it) and runs every layer. `input[0, rows)` must still
   * hold the prefix (the backward pass reads it).
   * @returns `output` (owned by the instance).
   * @throws Error when no prefix was computed since the last `run`.
   */
  runRest(): Float64Array {
    const rows = this.prefixRows;
    if (rows < 0) throw new Error('mlp: runRest without runPrefix');
    const pre0 = this.pre[0]!;
    pre0.set(this.prefixPre);
    addRows(this.input, rows, this.sizes[0]!, this.w, this.wOff[0]!, this.sizes[1]!, pre0);
    return this.finish();
  }

  /** Layer 0's activation (pre[0] is written) and every later layer. */
  private finish(): Float64Array {
    const layers = this.sizes.length - 1;
    for (let l = 0; l < layers; l++) {
      const nOut = this.sizes[l + 1]!;
      const pre = this.pre[l]!;
      if (l > 0) {
        copyFromF32(this.w, this.bOff[l]!, nOut, pre);
        addRows(this.act[l]!, 0, this.sizes[l]!, this.w, this.wOff[l]!, nOut, pre);
      }
      const out = this.act[l + 1]!;
      if (out !== pre) for (let j = 0; j < nOut; j++) out[j] = pre[j]! > 0 ? pre[j]! : 0;
    }
    return this.output;
  }

  /**
   * The backward pass of the last forward pass (backpropagation, Rumelhart,
   * Hinton & Williams 1986): adds the gradient of the loss with respect to
   * every weight and bias into the block's gradient, given the gradient with
   * respect to the outputs. ReLU's derivative at 0 is taken as 0 (as tfjs's).
   * Rows of zero inputs are skipped in the weight gradient (their terms are 0)
   * and hidden units that ReLU cut are skipped in the propagated delta.
   * @param dOut d(loss)/d(output), `sizes[last]` entries (with ReLU output: before the ReLU's derivative is applied).
   * @param dIn when given, d(loss)/d(input) of the first `dInRows` inputs is added into `dIn[0, dInRows)`.
   * @param dInRows how many leading inputs' gradients to add (default: all).
   */
  backward(dOut: Float64Array, dIn?: Float64Array, dInRows: number = this.sizes[0]!): void {
    const layers = this.sizes.length - 1;
    const w = this.w;
    const g = this.g;
    {
      const d = this.delta[layers - 1]!;
      const pre = this.pre[layers - 1]!;
      const n = this.sizes[layers]!;
      for (let j = 0; j < n; j++) d[j] = this.reluOutput && !(pre[j]! > 0) ? 0 : dOut[j]!;
    }
    for (let l = layers - 1; l >= 0; l--) {
      const nIn = this.sizes[l]!;
      const nOut = this.sizes[l + 1]!;
      const x = this.act[l]!;
      const d = this.delta[l]!;
      const wOff = this.wOff[l]!;
      const bOff = this.bOff[l]!;
      for (let j = 0; j < nOut; j++) g[bOff + j]! += d[j]!;
      for (let i = 0; i < nIn; i++) {
        const xi = x[i]!;
        if (xi === 0) continue;
        const row = wOff + i * nOut;
        for (let j = 0; j < nOut; j++) g[row + j]! += xi * d[j]!;
      }
      if (l > 0) {
        const below = this.delta[l - 1]!;
        const preBelow = this.pre[l - 1]!;
        for (let i = 0; i < nIn; i++) below[i] = preBelow[i]! > 0 ? rowDot(w, wOff + i * nOut, d, nOut) : 0;
      } else if (dIn) {
        for (let i = 0; i < dInRows; i++) dIn[i]! += rowDot(w, wOff + i * nOut, d, nOut);
      }
    }
  }
}

/**
 * `out[j] += x[i] * w[off + i * n + j]` for every i in [from, to) with
 * x[i] != 0, rows in ascending order: the input-major product that skips zero
 * inputs (the module's sparse trick, see the class comment). A skipped term
 * is an exact zero, so the sum equals the dense one bit for bit.
 */
function addRows(x: Float64Array, from: number, to: number, w: Float32Array, off: number, n: number, out: Float64Array): void {
  for (let i = from; i < to; i++) {
    const xi = x[i]!;
    if (xi === 0) continue;
    const row = off + i * n;
    for (let j = 0; j < n; j++) out[j]! += xi * w[row + j]!;
  }
}

/** The dot product of row `w[off, off + n)` with `d[0, n)`, in index order. */
function rowDot(w: Float32Array, off: number, d: Float64Array, n: number): number {
  let s = 0;
  for (let j = 0; j < n; j++) s += w[off + j]! * d[j]!;
  return s;
}

/** `out[0, n) = w[off, off + n)` (widened to Float64). */
function copyFromF32(w: Float32Array, off: number, n: number, out: Float64Array): void {
  for (let j = 0; j < n; j++) out[j] = w[off + j]!;
}
