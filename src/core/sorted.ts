/**
 * The index of `x` in the ascending run `a[0..n)`, or -1 when absent: a
 * binary search (O(log n) comparisons).
 * @param a an ascending typed array (only its first `n` entries are read).
 * @param n how many leading entries to search, 0 <= n <= a.length.
 * @param x the value sought (any number; a non-integer is simply not found).
 */
export function indexInSorted(a: Int32Array, n: number, x: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = a[mid]!;
    if (m === x) return mid;
    if (m < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
