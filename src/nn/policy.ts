/**
 * The policy over the legal actions from their scores (logits): a softmax
 * restricted to the legal actions, the illegal ones masked out by not being
 * among the scores at all (`Net.scoreActions` writes one score per legal
 * action, in the order of the legal list).
 *
 * p_k = exp(s_k / T) / sum_j exp(s_j / T) for temperature T > 0, computed as
 * exp((s_k - max) / T) so that no exponent overflows; T = 0 is the limit,
 * all the mass on the highest score (the first of equal ones). T = 1 is the
 * policy the cross-entropy loss trains (`loss.ts`).
 * @param scores at least `count` finite scores.
 * @param count the number of legal actions, at least 1.
 * @param temperature T >= 0 (dimensionless; higher is flatter).
 * @param out receives `count` probabilities that add up to 1.
 * @throws RangeError when count < 1 or the temperature is negative or not finite.
 */
export function maskedSoftmax(scores: ArrayLike<number>, count: number, temperature: number, out: Float64Array | Float32Array): void {
  if (!(count >= 1)) throw new RangeError(`maskedSoftmax: ${count} actions`);
  if (!(temperature >= 0 && Number.isFinite(temperature))) throw new RangeError(`maskedSoftmax: temperature ${temperature}`);
  let best = 0;
  for (let k = 1; k < count; k++) if (scores[k]! > scores[best]!) best = k;
  if (temperature === 0) {
    for (let k = 0; k < count; k++) out[k] = k === best ? 1 : 0;
    return;
  }
  const max = scores[best]!;
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const e = Math.exp((scores[k]! - max) / temperature);
    out[k] = e;
    sum += e;
  }
  for (let k = 0; k < count; k++) out[k] = out[k]! / sum;
}

/**
 * log sum_k exp(s_k) over `scores[0, count)`, shifted by the maximum (no
 * overflow): the normaliser of the log-policy at temperature 1,
 * log p_k = s_k - logSumExp(s).
 * @param count at least 1.
 */
export function logSumExp(scores: ArrayLike<number>, count: number): number {
  let max = scores[0]!;
  for (let k = 1; k < count; k++) if (scores[k]! > max) max = scores[k]!;
  let sum = 0;
  for (let k = 0; k < count; k++) sum += Math.exp(scores[k]! - max);
  return max + Math.log(sum);
}
