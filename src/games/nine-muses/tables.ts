/**
 * Tables compiled once per card set for the hot path (`conditions.ts` and `legal.ts`: the legal
 * actions, their count and their decoding): which options of a Philosopher a
 * player can pay, as a bit mask, and each Muse's condition as a small program
 * whose leaves answer for every seat at once (a bit mask of seats) without
 * branching on the quantities. The card set's own compiled form (`cards.ts`)
 * stays the reference: `meets` and `canCall` read it, and the game's tests
 * check that both agree.
 */
import { CondKind, MAX_OPTIONS, MAX_TOKENS, Q_KNOWLEDGE, Q_MUSES, type CardSet, type CompiledCondition } from './cards.js';

/** The table of quantities a condition reads: per seat the 6 `QUANTITIES`, then a column that is always 0. */
export const enum Qtab {
  /** `Q_KNOWLEDGE`, `Q_VP`, `Q_MUSES` as literals for the hot path (an imported constant is re-read, with a hole check, at every use). */
  Knowledge = 3,
  Vp = 4,
  Muses = 5,
  Zero = 6,
  Stride = 7,
}

/** Leaves of a condition: `Leaf.Size` ints each in `FastTables.leaves`: kind, a, b, lo, span, flip. */
export const enum Leaf {
  /** Holds for a seat when d = Q[a] - Q[b] - lo lies in [0, span]; the other way round when flip is -1. */
  Range = 0,
  /** Holds for the one seat with strictly the most of Q[a] (of -Q[a] when flip is -1: "fewest"); for nobody on a tie. */
  Most = 1,
  Size = 8,
}

/**
 * Nodes of a condition program, in prefix order (a node, then its children's
 * subtrees), `Node.Size` ints each: kind, argument, next (where the node's
 * subtree ends: its next sibling).
 */
export const enum Node {
  /** A leaf: the argument is its offset in `leaves`. */
  Leaf = 0,
  /** All of the `argument` children hold. */
  And = 1,
  /** One of the `argument` children holds. */
  Or = 2,
  Size = 3,
}

/** The shape of a Muse's condition. */
const enum Shape {
  /** One leaf. */
  Leaf = 0,
  /** All of its children, all leaves. */
  And = 1,
  /** One of its children, all leaves. */
  Or = 2,
  /** Anything deeper. */
  Tree = 3,
}

export interface FastTables {
  /**
   * The bit-parallel form (`callableMuses` in conditions.ts): every leaf of a Muse of
   * shape Leaf, And or Or gets a bit (a lone leaf the bit of its Muse, the
   * children of And/Or the bits from 16 up), so that the leaves one seat
   * meets are a 32-bit word. `cols` lists the quantities that count leaves
   * read; colBits[a * VALUES + min(x, VALUES - 1)] are the bits of the leaves
   * on quantity a that hold at x. Per "than" leaf (`diffs`, stride 5): a, b,
   * and its bit when Q[a] - Q[b] is < 0, == 0, > 0. Per most/fewest leaf
   * (`extremes`, stride 3): a, flip, bit. Per And/Or Muse (`compounds`,
   * stride 3): m, 1 for And / 0 for Or, the bits of its leaves. The Muses
   * left (`trees`) run their program.
   */
  readonly cols: Int32Array;
  readonly colBits: Int32Array;
  /**
   * knowBits[(craft << 8) | (science << 4) | ethics]: the bits of every count
   * leaf on a Knowledge quantity (a type or all tokens) and every "than" leaf
   * between two of them that hold for one seat's tokens, and the bits of
   * the And/Or Muses made of such leaves alone, in one look-up (each type
   * stays within MAX_TOKENS < 16: the supply). `diffs` and `compounds` keep
   * only the leaves and Muses that read VP, Muses or other seats.
   */
  readonly knowBits: Int32Array;
  readonly diffs: Int32Array;
  readonly extremes: Int32Array;
  readonly compounds: Int32Array;
  readonly trees: Int32Array;
  /** The programs (`Node`) of the conditions of `trees`, each Muse m's at code[treePc[m]]. */
  readonly code: Int32Array;
  readonly treePc: Int32Array;
  /** The leaves (`Leaf`) of the programs. */
  readonly leaves: Int32Array;
  /** startGain[m * 4 + i]: Muse m's start-of-turn gain (craft, science, ethics, VP, all >= 0); bit m of startMask when she has one. */
  readonly startGain: Int32Array;
  readonly startMask: number;
  /** rateMuses[k]: the Muses (bit m) whose lasting ability raises the Aristotle rate of Knowledge k. */
  readonly rateMuses: Int32Array;
  /** True when a condition reads the Muses held (counting them may be skipped otherwise). */
  readonly readsMuses: boolean;
  /** Clamps of the Knowledge held for `payable`: index = (min(k0, d0-1)*d1 + min(k1, d1-1))*d2 + min(k2, d2-1). */
  readonly d0: number;
  readonly d1: number;
  readonly d2: number;
  /**
   * payable[t * d0*d1*d2 + index]: bits 0-3 the options of type t that can be
   * paid (bit o for option o), bits 4 up how many they are.
   */
  readonly payable: Uint8Array;
}

/** Bits set in a 4-bit mask. */
export const POP4 = Uint8Array.from({ length: 16 }, (_, m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1));
/** NTH4[m * 4 + n]: the position of the n-th set bit of the 4-bit mask m. */
export const NTH4 = new Uint8Array(16 * MAX_OPTIONS);
for (let m = 0; m < 16; m++) {
  let n = 0;
  for (let b = 0; b < MAX_OPTIONS; b++) if ((m >> b) & 1) NTH4[m * MAX_OPTIONS + n++] = b;
}

/**
 * Beyond any quantity or difference of quantities (they stay within ±2^20),
 * so that `lo + span` and the test `(span - d) | d >= 0` of `d = x - lo` stay
 * within 32-bit integers.
 */
const FLOOR = -(1 << 28);
const TOP = 1 << 29;

/** [lo, span, flip] of `x OP v` as a range test (`OPS` order: >=, <=, >, <, ==, !=). */
function range(op: number, v: number): [number, number, number] {
  switch (op) {
    case 0:
      return [v, TOP, 0];
    case 1:
      return [FLOOR, v - FLOOR, 0];
    case 2:
      return [v + 1, TOP, 0];
    case 3:
      return [FLOOR, v - 1 - FLOOR, 0];
    case 4:
      return [v, 0, 0];
    default:
      return [v, 0, -1];
  }
}

interface Builder {
  code: number[];
  leaves: number[];
}

function readsMuses(c: CompiledCondition): boolean {
  if (c.kind === CondKind.All || c.kind === CondKind.Any) return c.children.some(readsMuses);
  return c.q === Q_MUSES || (c.kind === CondKind.CountThan && c.value === Q_MUSES);
}

function leaf(b: Builder, kind: Leaf, qa: number, qb: number, lo: number, span: number, flip: number): void {
  b.code.push(Node.Leaf, b.leaves.length, b.code.length + Node.Size);
  b.leaves.push(kind, qa, qb, lo, span, flip, 0, 0);
}

function emit(c: CompiledCondition, b: Builder): void {
  switch (c.kind) {
    case CondKind.CountValue:
      leaf(b, Leaf.Range, c.q, Qtab.Zero, ...range(c.op, c.value));
      return;
    case CondKind.CountThan:
      leaf(b, Leaf.Range, c.q, c.value, ...range(c.op, 0));
      return;
    case CondKind.Most:
    case CondKind.Fewest:
      leaf(b, Leaf.Most, c.q, 0, 0, 0, c.kind === CondKind.Fewest ? -1 : 0);
      return;
    case CondKind.All:
    case CondKind.Any: {
      const at = b.code.length;
      b.code.push(c.kind === CondKind.All ? Node.And : Node.Or, c.children.length, 0);
      for (const ch of c.children) emit(ch, b);
      b.code[at + 2] = b.code.length;
      return;
    }
  }
}

function shape(c: CompiledCondition): Shape {
  const leafKind = (x: CompiledCondition): boolean => x.kind !== CondKind.All && x.kind !== CondKind.Any;
  if (leafKind(c)) return Shape.Leaf;
  if (!c.children.every(leafKind)) return Shape.Tree;
  return c.kind === CondKind.All ? Shape.And : Shape.Or;
}

/** Values a count leaf tells apart: 0..99 (`value` is at most 99), and 100 for anything above. */
export const VALUES = 101;
/** Side of `knowBits` per Knowledge type (a power of two above MAX_TOKENS). */
const K_SIDE = 16;
/** The first leaf bit of And/Or children (below it: one bit per Muse). */
const CHILD_BITS = 16;

/** `a OP b` for an `OPS` index, as the reference `compare` in conditions.ts. */
function holdsOp(a: number, op: number, b: number): boolean {
  return [a >= b, a <= b, a > b, a < b, a === b, a !== b][op]!;
}

interface BitForm {
  cols: number[];
  colBits: Int32Array;
  diffs: number[];
  extremes: number[];
  compounds: number[];
  trees: number[];
}

/** Gives leaf `c` the bit `bit` in the bit-parallel form. */
function addLeaf(f: BitForm, c: CompiledCondition, bit: number): void {
  switch (c.kind) {
    case CondKind.CountValue:
      if (!f.cols.includes(c.q)) f.cols.push(c.q);
      for (let v = 0; v < VALUES; v++) if (holdsOp(v, c.op, c.value)) f.colBits[c.q * VALUES + v]! |= bit;
      return;
    case CondKind.CountThan:
      f.diffs.push(c.q, c.value, ...[-1, 0, 1].map((d) => (holdsOp(d, c.op, 0) ? bit : 0)));
      return;
    default:
      f.extremes.push(c.q, c.kind === CondKind.Fewest ? -1 : 0, bit);
  }
}

function bitForm(cards: CardSet): BitForm {
  const f: BitForm = { cols: [], colBits: new Int32Array(6 * VALUES), diffs: [], extremes: [], compounds: [], trees: [] };
  let next = CHILD_BITS;
  cards.muses.forEach((m, i) => {
    const c = m.condition;
    const s = shape(c);
    if (s === Shape.Leaf) {
      addLeaf(f, c, 1 << i);
    } else if (s !== Shape.Tree && next + c.children.length <= 32) {
      let bits = 0;
      for (const ch of c.children) {
        addLeaf(f, ch, 1 << next);
        bits |= 1 << next++;
      }
      f.compounds.push(i, s === Shape.And ? 1 : 0, bits);
    } else {
      f.trees.push(i);
    }
  });
  return f;
}

const cache = new WeakMap<CardSet, FastTables>();

/** The tables of a card set (built once, shared by every state of it). */
export function fastTables(cards: CardSet): FastTables {
  const hit = cache.get(cards);
  if (hit) return hit;
  const f = bitForm(cards);
  const bld: Builder = { code: [], leaves: [] };
  const treePc = new Int32Array(cards.muses.length).fill(-1);
  for (const m of f.trees) {
    treePc[m] = bld.code.length;
    emit(cards.muses[m]!.condition, bld);
  }
  // Folds the Knowledge-only leaves, and the And/Or Muses made of them alone, into one table over (craft, science, ethics).
  const knowBits = new Int32Array(K_SIDE * K_SIDE * K_SIDE);
  const knowOnly = (q: number): boolean => q <= Q_KNOWLEDGE || q === Qtab.Zero;
  const fastDiffs: number[] = [];
  const diffs: number[] = [];
  for (let i = 0; i < f.diffs.length; i += 5) (knowOnly(f.diffs[i]!) && knowOnly(f.diffs[i + 1]!) ? fastDiffs : diffs).push(...f.diffs.slice(i, i + 5));
  // The leaf bits that read VP, Muses or other seats: a compound with one of them stays in `compounds`.
  let slow = 0;
  for (let v = 4 * VALUES; v < 6 * VALUES; v++) slow |= f.colBits[v]!;
  for (let i = 0; i < diffs.length; i += 5) slow |= diffs[i + 2]! | diffs[i + 3]! | diffs[i + 4]!;
  for (let i = 0; i < f.extremes.length; i += 3) slow |= f.extremes[i + 2]!;
  const fastCompounds: number[] = [];
  const compounds: number[] = [];
  for (let i = 0; i < f.compounds.length; i += 3) ((f.compounds[i + 2]! & slow) === 0 ? fastCompounds : compounds).push(...f.compounds.slice(i, i + 3));
  for (let a = 0; a <= MAX_TOKENS; a++) {
    for (let b = 0; b <= MAX_TOKENS; b++) {
      for (let c = 0; c <= MAX_TOKENS; c++) {
        const q = [a, b, c, a + b + c, 0, 0, 0];
        let bits = f.colBits[a]! | f.colBits[VALUES + b]! | f.colBits[2 * VALUES + c]! | f.colBits[3 * VALUES + Math.min(a + b + c, VALUES - 1)]!;
        for (let i = 0; i < fastDiffs.length; i += 5) bits |= fastDiffs[i + 3 + Math.sign(q[fastDiffs[i]!]! - q[fastDiffs[i + 1]!]!)]!;
        for (let i = 0; i < fastCompounds.length; i += 3) {
          const leaves = fastCompounds[i + 2]!;
          const hit = bits & leaves;
          if (fastCompounds[i + 1] === 1 ? hit === leaves : hit !== 0) bits |= 1 << fastCompounds[i]!;
        }
        knowBits[(a << 8) | (b << 4) | c] = bits;
      }
    }
  }
  const max = [0, 0, 0];
  for (const p of cards.philosophers) for (const o of p.options) for (let k = 0; k < 3; k++) max[k] = Math.max(max[k]!, o.pay[k]!);
  const [d0, d1, d2] = [max[0]! + 1, max[1]! + 1, max[2]! + 1];
  const size = d0 * d1 * d2;
  const payable = new Uint8Array(cards.philosophers.length * size);
  cards.philosophers.forEach((p, t) => {
    for (let a = 0; a < d0; a++) {
      for (let b = 0; b < d1; b++) {
        for (let c = 0; c < d2; c++) {
          let mask = 0;
          p.options.forEach((o, i) => {
            if (a >= o.pay[0]! && b >= o.pay[1]! && c >= o.pay[2]!) mask |= 1 << i;
          });
          payable[t * size + (a * d1 + b) * d2 + c] = mask | (POP4[mask]! << 4);
        }
      }
    }
  });
  const t: FastTables = {
    cols: Int32Array.from(f.cols),
    colBits: f.colBits,
    knowBits,
    diffs: Int32Array.from(diffs),
    extremes: Int32Array.from(f.extremes),
    compounds: Int32Array.from(compounds),
    trees: Int32Array.from(f.trees),
    code: Int32Array.from(bld.code),
    treePc,
    leaves: Int32Array.from(bld.leaves),
    startGain: Int32Array.from(cards.muses.flatMap((m) => Array.from(m.startGain.subarray(0, 4)))),
    startMask: cards.muses.reduce((mask, m, i) => (m.hasStartGain ? mask | (1 << i) : mask), 0),
    rateMuses: Int32Array.from([0, 1, 2], (k) => cards.muses.reduce((mask, m, i) => (m.rateKnowledge === k ? mask | (1 << i) : mask), 0)),
    readsMuses: cards.muses.some((m) => readsMuses(m.condition)),
    d0,
    d1,
    d2,
    payable,
  };
  cache.set(cards, t);
  return t;
}
