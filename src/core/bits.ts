/**
 * Bit idioms over 32-bit masks (sets of small integers: ranks held, seats that
 * know a card, Muses a seat may call), named once here.
 */

/**
 * The index of the lowest set bit of `m` (`m & -m` isolates it, `Math.clz32`
 * counts the zeros above it): the smallest member of a set held as a mask.
 * One instruction pair on V8 (measured: no cost over the inline expression
 * once inlined, which V8 does for a function this small); loops take members
 * in ascending order with `for (let b = m; b !== 0; b &= b - 1) lowestBit(b)`.
 * @param m a non-zero mask (for 0 the result is -1).
 */
export function lowestBit(m: number): number {
  return 31 - Math.clz32(m & -m);
}
