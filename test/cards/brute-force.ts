/**
 * Independent slow references for the nines solver's tests: no memo, no
 * rank-count encoding, just every assignment of the cards.
 */

/** Brute force: tries every assignment of the cards to blocks (at most two ranks each), then checks every block sum. */
export function bruteSplittable(cards: readonly number[]): boolean {
  const ranks: number[][] = [];
  const sums: number[] = [];
  const rec = (i: number): boolean => {
    if (i === cards.length) return sums.every((s) => s % 9 === 0);
    const v = cards[i]!;
    for (let b = 0; b < ranks.length; b++) {
      const has = ranks[b]!.includes(v);
      if (!has && ranks[b]!.length === 2) continue;
      if (!has) ranks[b]!.push(v);
      sums[b]! += v;
      const ok = rec(i + 1);
      if (!has) ranks[b]!.pop();
      sums[b]! -= v;
      if (ok) return true;
    }
    ranks.push([v]);
    sums.push(v);
    const ok = rec(i + 1);
    ranks.pop();
    sums.pop();
    return ok;
  };
  return rec(0);
}
