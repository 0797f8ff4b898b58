import type { Action } from './game.js';
import type { Variant } from './variant.js';

/**
 * One named field of a tensor: entries `[offset, offset + length)` of the
 * vector. The game's README documents every field (name, length, what each
 * entry holds, its range), in the order of `layout`.
 */
export interface TensorField {
  /** A short identifier, e.g. `hand` or `bids[seat+1]`; unique within the layout. */
  readonly name: string;
  /** The index of the field's first entry. */
  readonly offset: number;
  /** The number of entries (at least 1). */
  readonly length: number;
}

/**
 * A game's observation tensor (OpenSpiel's `ObservationTensor`): a fixed-length
 * Float32 vector per variant, written from one seat's observation alone (never
 * the state), seat-relative (the observer's own fields first, then the seat to
 * its left, and so on), defined at terminal observations too.
 *
 * Invariants (test/contract/tensor-conformance.test.ts checks them for every
 * registered game): `layout(v)` tiles `[0, size(v))` without gap or overlap,
 * in order; `write` writes every entry of `into[0, size)` (none left from an
 * earlier call) and nothing past it, allocates nothing, and is a function of
 * the observation alone, so two equal observations give equal tensors and
 * `observe(determinize(obs))` gives the tensor of `obs`; entries are finite,
 * most of them in [0, 1] (counts are scaled by their maximum).
 */
export interface ObservationTensor<O extends object = object> {
  /** The fields in order; their lengths add up to `size(variant)`. */
  layout(variant: Variant): readonly TensorField[];
  /** The vector's length for a resolved variant. */
  size(variant: Variant): number;
  /**
   * Writes the tensor of observation `obs` (of the variant `variant`) into
   * `into[0, size(variant))`.
   * @param into at least `size(variant)` entries.
   */
  write(obs: O, variant: Variant, into: Float32Array): void;
}

/**
 * Per-action features (DouZero's and TAG's design), for games whose action
 * ids are too many or too structured for one output per id (Nine Muses'
 * plays, Multiples of Nine's subsets, Nine Lives' powers), or name absolute
 * seats that a seat-relative tensor cannot place (Captain's Orders'
 * `pass r to q`): one fixed-length
 * vector per legal action, so one network scores every legal action from
 * `[observation tensor, action features]`. Same invariants as
 * {@link ObservationTensor}: a tiled layout, every entry written, no
 * allocation, a function of the observation and the action alone.
 */
export interface ActionFeatures<O extends object = object> {
  /** The fields in order; their lengths add up to `size(variant)`. */
  layout(variant: Variant): readonly TensorField[];
  /** The feature vector's length for a resolved variant. */
  size(variant: Variant): number;
  /**
   * Writes the features of legal action `action` at observation `obs` into
   * `into[offset, offset + size(variant))`.
   */
  write(obs: O, variant: Variant, action: Action, into: Float32Array, offset: number): void;
}

/**
 * Builds a layout from `[name, length]` pairs, in order.
 * @returns the fields with their offsets; the last offset + length is the size.
 * @throws Error on a non-positive length or a repeated name (a bug in the game).
 */
export function tensorLayout(fields: readonly (readonly [string, number])[]): TensorField[] {
  const out: TensorField[] = [];
  const seen = new Set<string>();
  let offset = 0;
  for (const [name, length] of fields) {
    if (!(Number.isInteger(length) && length > 0)) throw new Error(`tensor field ${name}: length ${length} is not a positive integer`);
    if (seen.has(name)) throw new Error(`tensor field ${name} appears twice`);
    seen.add(name);
    out.push({ name, offset, length });
    offset += length;
  }
  return out;
}

/** The size of a layout: where its last field ends (0 for an empty one). */
export function layoutSize(layout: readonly TensorField[]): number {
  const last = layout[layout.length - 1];
  return last ? last.offset + last.length : 0;
}

/**
 * A layout function that builds each resolved variant's layout once
 * (cached per variant object: a run resolves its variant once).
 * @param fields the `[name, length]` pairs of a variant, in order (see {@link tensorLayout}).
 * @returns `(variant) => layout`.
 */
export function layoutCache(fields: (variant: Variant) => readonly (readonly [string, number])[]): (variant: Variant) => TensorField[] {
  const cache = new WeakMap<Variant, TensorField[]>();
  return (v) => {
    let l = cache.get(v);
    if (!l) {
      l = tensorLayout(fields(v));
      cache.set(v, l);
    }
    return l;
  };
}

/**
 * Writes a one-hot of `i` into `into[at, at + n)`: all zeros when `i` is
 * outside 0..n-1 (e.g. -1 for "none").
 * @returns at + n, the next field's offset.
 */
export function writeOneHot(into: Float32Array, at: number, n: number, i: number): number {
  for (let k = 0; k < n; k++) into[at + k] = k === i ? 1 : 0;
  return at + n;
}

/**
 * Seat `q` as an offset from the observer `me` among `P` seats (0: the
 * observer, 1: the seat to its left...), the seat-relative order of every
 * tensor; -1 for no seat (q < 0).
 */
export function relativeSeat(q: number, me: number, P: number): number {
  return q < 0 ? -1 : (q - me + P) % P;
}
