/**
 * The shape of Nine Lives' observation tensor and action features
 * (`tensor.ts`, `tensor-powers.ts`, `features.ts`; fields in README.md,
 * "Observation tensor"): the dimensions of a variant, the field lists in
 * layout order, the per-variant plans (offsets by field name, built once),
 * and the card and suit indexing they share.
 *
 * A game with P players uses S = P suits, plus the crowns with Black Cat
 * (`nine-lives.md`, "Cards"), so N = 9S cards; card planes index a card by
 * `cardIndex` (its suit's index x 9 + number - 1), suits by `suitIndex`
 * (0..P-1, the crowns P with Black Cat). Suits are absolute (they are not
 * seats); seats are relative to the observer.
 */
import { boolParam, intParam, type TensorField, tensorLayout, type Variant } from '../../core/index.js';
import { CROWNS } from './cards.js';
import { NUM_POWERS } from './powers-list.js';
import { PARITY_CODES, RANK_CODES, SIZE_CODES } from './powers-scalars.js';

/** The sizes a variant fixes. */
export interface LivesDims {
  /** Players P (3..9). */
  readonly P: number;
  /** Suits in the game S: P, plus the crowns with Black Cat. */
  readonly S: number;
  /** Cards in the game N = 9S. */
  readonly N: number;
  /**
   * The bound of hand sizes and trick counts: floor(N / P), plus 2 with
   * Powers (at most two `shuffle_trick` cards each add a card to every hand
   * and `score_twice` adds a row card; counts past it are clipped).
   */
  readonly HB: number;
  readonly blackCat: boolean;
  readonly powers: boolean;
}

/** A variant's tensor or features layout with the offset of every field by name. */
export interface LivesPlan {
  readonly dims: LivesDims;
  readonly layout: readonly TensorField[];
  readonly size: number;
  readonly at: Readonly<Record<string, number>>;
}

/** Pending choices of the Powers variant (`C_*` of `powers.ts`, 1..16) plus "none". */
export const CHOICES = 17;
/** Entries per seat of the base game's `trick` field: played, the suit it counts as (S), number, ignored, crown. */
export const TRICK_ENTRY = 4;
/** Entries per slot of the Powers `slots` field: present, face down, hidden, the suit it counts as (S), number, crown. */
export const SLOT_ENTRY = 5;
/** Flags of the Powers `trickRules` field (see `tensor-powers.ts`). */
export const TRICK_RULES = 11;

/** The tensor's fields in layout order, `[name, length]` (README.md, "Observation tensor"). */
function tensorFields(d: LivesDims): [string, number][] {
  const { P, S, N } = d;
  const common: [string, number][] = [
    ['phase', 4],
    ['turn', P],
    ['keeper', P],
    ['hand', N],
    ['unseen', N],
    ['gone', N],
    ['bidSuit', P * S],
    ['bidNumber', P],
    ['need', P],
    ['team', P],
    ['tricksWon', P],
    ['handCount', P],
    ['lives', P],
    ['voids', P * S],
    ['lead', S],
    ['trump', S],
    ['round', 1],
    ['tricksLeft', 1],
    ['handSize', 1],
    ['inGame', 1],
    ['livesLead', 1],
    ['rules', 4],
  ];
  if (!d.powers) return [...common, ['trick', P * (S + TRICK_ENTRY)], ['winning', P]];
  return [
    ...common,
    ['known', N],
    ['row', N],
    ['discard', N],
    ['aside', N],
    ['slots', 2 * P * (S + SLOT_ENTRY)],
    ['rowPowers', NUM_POWERS],
    ['otherRowPowers', NUM_POWERS],
    ['trickPowers', NUM_POWERS],
    ['choice', CHOICES],
    ['user', P],
    ['winner', P],
    ['trickRules', TRICK_RULES],
    ['size', SIZE_CODES],
    ['parity', PARITY_CODES],
    ['rank', RANK_CODES],
    ['promiseCount', P],
    ['giveCount', P],
    ['rowsLeft', 1],
    ['carousel', 2],
  ];
}

/** Action kinds of the features' `kind` field, in order. */
export const enum ActKind {
  Bid = 0,
  Play = 1,
  Crown = 2,
  Spend = 3,
  Card = 4,
  Seat = 5,
  Suit = 6,
  Number = 7,
  RandomPlay = 8,
  Slot = 9,
}

/** The action features' fields in layout order (the same with and without Powers: the power fields stay 0 without). */
function featureFields(d: LivesDims): [string, number][] {
  const { P, S } = d;
  return [
    ['kind', 10],
    ['suit', S],
    ['number', 9],
    ['as', S],
    ['crown', 1],
    ['leads', 1],
    ['follows', 1],
    ['trumps', 1],
    ['ownSuit', 1],
    ['wins', 1],
    ['sameSuitHeld', 1],
    ['power', NUM_POWERS],
    ['target', P],
    ['slot', 1],
    ['hidden', 1],
  ];
}

/** The dimensions of a variant's parameters. */
export function livesDims(P: number, blackCat: boolean, powers: boolean): LivesDims {
  const S = P + (blackCat ? 1 : 0);
  return { P, S, N: 9 * S, HB: Math.floor((9 * S) / P) + (powers ? 2 : 0), blackCat, powers };
}

function buildPlan(d: LivesDims, list: [string, number][]): LivesPlan {
  const layout = tensorLayout(list);
  // Built whole: an object filled key by key turns to dictionary mode past about 20 keys (measured), and every lookup of `at` slows.
  const at: Record<string, number> = Object.fromEntries(layout.map((f) => [f.name, f.offset]));
  const last = layout[layout.length - 1]!;
  return { dims: d, layout, size: last.offset + last.length, at };
}

const tensorPlans = new Map<number, LivesPlan>();
const featurePlans = new Map<number, LivesPlan>();

/** The tensor plan of (P, blackCat, powers), built once. */
export function tensorPlan(P: number, blackCat: boolean, powers: boolean): LivesPlan {
  const key = P * 4 + (blackCat ? 2 : 0) + (powers ? 1 : 0);
  let plan = tensorPlans.get(key);
  if (!plan) {
    const d = livesDims(P, blackCat, powers);
    tensorPlans.set(key, (plan = buildPlan(d, tensorFields(d))));
  }
  return plan;
}

/** The features plan of (P, blackCat, powers), built once. */
export function featurePlan(P: number, blackCat: boolean, powers: boolean): LivesPlan {
  const key = P * 4 + (blackCat ? 2 : 0) + (powers ? 1 : 0);
  let plan = featurePlans.get(key);
  if (!plan) {
    const d = livesDims(P, blackCat, powers);
    featurePlans.set(key, (plan = buildPlan(d, featureFields(d))));
  }
  return plan;
}

/** The tensor plan of a resolved variant (`players`, `blackCat` and `powers` shape it). */
export const tensorPlanOf = (v: Variant): LivesPlan => tensorPlan(intParam(v, 'players'), boolParam(v, 'blackCat'), v.powers === true);
/** The features plan of a resolved variant. */
export const featurePlanOf = (v: Variant): LivesPlan => featurePlan(intParam(v, 'players'), boolParam(v, 'blackCat'), v.powers === true);

/** The index (0..S-1) of printed suit x (0..8) in a game of P players, -1 when the suit is not in the game. */
export const suitIndex = (d: LivesDims, x: number): number => (x >= 0 && x < d.P ? x : x === CROWNS && d.blackCat ? d.P : -1);

/** The printed suit (0..8) of suit index x (0..S-1): the inverse of {@link suitIndex}. */
export const printedSuit = (d: LivesDims, x: number): number => (x < d.P ? x : CROWNS);

/** The plane index (0..N-1) of card c, -1 when its suit is not in the game. */
export function cardIndex(d: LivesDims, c: number): number {
  const x = suitIndex(d, (c / 9) | 0);
  return x < 0 ? -1 : x * 9 + (c % 9);
}

/** `x` clipped to [-1, 1]. */
export const clip = (x: number): number => (x > 1 ? 1 : x < -1 ? -1 : x);
