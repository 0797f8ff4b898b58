/**
 * Action features of Nine Muses (`src/core/tensor.ts`, `ActionFeatures`;
 * fields in README.md, "Observation tensor"): the 1 012 action ids
 * (`actions.ts`) are described by what they do, from the card set and the
 * observation, so one network scores every legal action from `[tensor,
 * features]`. Per action: its kind (`nine-muses.md`, "A turn": exchange,
 * call, demonstrate, toil; "Knowledge flow": steal), the Philosopher type
 * played and the exchange option, the Knowledge paid and gained and the VP
 * gained (all kinds in one vocabulary: toil gains 1 Craft, demonstrate pays
 * its tokens for VP at the seat's Aristotle rate, a steal gains one token),
 * their net worth at the seat's rates, the tokens the gain would take from
 * opponents, the Muse called with her ability, and where she or a stolen
 * token comes from (the center row, or a seat by its offset from the
 * observer). Length 28 + T + M + P (48 with the default cards at 3
 * players).
 */
import { type ActionFeatures, intParam, perVariant, stringParam, type TensorField, tensorLayout } from '../../core/index.js';
import { A_STEAL, decodeId, type DecodedAction, Kind } from './actions.js';
import { type CardSet, loadCardSet, MAX_OPTIONS } from './cards.js';
import type { NineMusesObservation } from './observation.js';
import { CENTER } from './state.js';
import { clip, ratesOf } from './tensor.js';

/** VP scale of `gainVp` and `value` (VP over 20, clipped). */
export const VALUE_SCALE = 20;
/** Token scale of `steals` and `museGain` (tokens over 4, clipped). */
export const TOKEN_SCALE = 4;

interface FeaturePlan {
  readonly layout: readonly TensorField[];
  readonly size: number;
  readonly at: Readonly<Record<string, number>>;
}

/** The fields in layout order, `[name, length]`, for P seats, T types, M Muses. */
function fields(P: number, T: number, M: number): [string, number][] {
  return [
    ['kind', 5],
    ['card', T],
    ['option', MAX_OPTIONS],
    ['pay', 3],
    ['gain', 3],
    ['gainVp', 1],
    ['value', 1],
    ['steals', 1],
    ['calledMuse', M],
    ['museGain', 4],
    ['museRate', 3],
    ['from', P],
    ['knowledge', 3],
  ];
}

const plans = new WeakMap<CardSet, FeaturePlan[]>();

function planFor(cards: CardSet, P: number): FeaturePlan {
  let byP = plans.get(cards);
  if (!byP) plans.set(cards, (byP = []));
  let plan = byP[P];
  if (!plan) {
    const layout = tensorLayout(fields(P, cards.philosophers.length, cards.muses.length));
    // Built whole: an object filled key by key turns to dictionary mode past about 20 keys (measured), and every lookup of `at` slows.
    const at: Record<string, number> = Object.fromEntries(layout.map((f) => [f.name, f.offset]));
    const last = layout[layout.length - 1]!;
    plan = { layout, size: last.offset + last.length, at };
    byP[P] = plan;
  }
  return plan;
}

/**
 * The plan of a resolved variant, kept per variant object: finding the card
 * set resolves its path, and that allocated at every decision.
 */
const variantPlan = perVariant((v): FeaturePlan => planFor(loadCardSet(stringParam(v, 'cards')), intParam(v, 'players')));

const D: DecodedAction = { kind: Kind.Toil, card: 0, arg: 0, count: 0 };
/** Scratch: Knowledge paid and gained [craft, science, ethics], VP gained. */
const PAY = new Int32Array(3);
const GAIN = new Int32Array(3);
const RATES = new Int32Array(12);

/**
 * Writes the features of legal action `a` at `o` into `into[off, off + size)`;
 * every entry is written, no allocation. Units: tokens over the supply of
 * their type (`pay`, `gain`), over {@link TOKEN_SCALE} (`steals`,
 * `museGain`); VP over {@link VALUE_SCALE}; a Muse's rate bonus over 20
 * (the card format's bound).
 */
function write(o: NineMusesObservation, a: number, into: Float32Array, off: number): void {
  const P = o.players;
  const cards = o.cards;
  const { at, size } = planFor(cards, P);
  into.fill(0, off, off + size);
  const me = o.seat;
  const d = decodeId(a, D);
  into[off + at.kind! + d.kind] = 1;
  PAY.fill(0);
  GAIN.fill(0);
  ratesOf(o, RATES);
  let vp = 0;
  if (a >= A_STEAL) {
    // "Knowledge flow": one token of the pending type from seat d.arg.
    GAIN[o.stealType] = 1;
    into[off + at.knowledge! + o.stealType] = 1;
    into[off + at.from! + ((d.arg - me + P) % P)] = 1;
  } else {
    into[off + at.card! + d.card] = 1;
    if (d.kind === Kind.Exchange) {
      const opt = cards.philosophers[d.card]!.options[d.arg]!;
      into[off + at.option! + d.arg] = 1;
      for (let k = 0; k < 3; k++) {
        PAY[k] = opt.pay[k]!;
        GAIN[k] = opt.gain[k]!;
      }
      vp = opt.gain[3]!;
    } else if (d.kind === Kind.Call) {
      const muse = cards.muses[d.arg]!;
      into[off + at.calledMuse! + d.arg] = 1;
      for (let k = 0; k < 4; k++) into[off + at.museGain! + k] = clip(muse.startGain[k]! / TOKEN_SCALE);
      if (muse.rateKnowledge >= 0) into[off + at.museRate! + muse.rateKnowledge] = muse.rateAdd / 20;
      const loc = o.museLoc[d.arg]!;
      into[off + at.from! + (loc === CENTER ? 0 : (loc - me + P) % P)] = 1;
    } else if (d.kind === Kind.Demonstrate) {
      PAY[d.arg] = d.count;
      vp = d.count * RATES[3 * me + d.arg]!;
      into[off + at.knowledge! + d.arg] = 1;
    } else GAIN[0] = 1; // Toil
  }
  let value = vp;
  let steals = 0;
  for (let k = 0; k < 3; k++) {
    into[off + at.pay! + k] = clip(PAY[k]! / o.supply[k]!);
    into[off + at.gain! + k] = clip(GAIN[k]! / o.supply[k]!);
    const r = RATES[3 * me + k]!;
    value += (GAIN[k]! - PAY[k]!) * r;
    // The cost goes to the pool first; what the pool then lacks comes from opponents, as far as they hold it.
    if (a < A_STEAL) {
      let held = 0;
      for (let q = 0; q < P; q++) if (q !== me) held += o.know[3 * q + k]!;
      steals += Math.min(held, Math.max(0, GAIN[k]! - o.pool[k]! - PAY[k]!));
    } else if (GAIN[k]! > 0) steals += 1;
  }
  into[off + at.gainVp!] = clip(vp / VALUE_SCALE);
  into[off + at.value!] = clip(value / VALUE_SCALE);
  into[off + at.steals!] = clip(steals / TOKEN_SCALE);
}

/** Nine Muses' `Game.actionFeatures`: 48 entries with the default cards at 3 players, in [-1, 1] (`value` signed). */
export const nineMusesFeatures: ActionFeatures<NineMusesObservation> = {
  layout: (v) => variantPlan(v).layout,
  size: (v) => variantPlan(v).size,
  write: (o, _v, a, into, off) => write(o, a, into, off),
};
