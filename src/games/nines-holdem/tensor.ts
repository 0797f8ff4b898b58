/**
 * The observation tensor of Nines Hold'em (`src/core/tensor.ts`; fields in
 * README.md, "Observation tensor"), written from a seat's observation alone.
 * Seat-relative: per-seat fields hold the observer first, then the seat to
 * its left ((seat + 1) % P) and so on; the button and the seat to act are
 * one-hot over these relative offsets. Cards are values 1..13 (suits do not
 * count in `nines-holdem.md`, "Hand value at showdown"), so the cards are
 * counts by value. Chips are scaled by what one seat can put in one hand,
 * `handCap` = 6 x maxBetsPerRound x bigBlind (one big blind a bet pre-flop
 * and on the flop, two on the turn and river: "Dealing and betting").
 */
import { intParam, type ObservationTensor, type TensorField, tensorLayout, type Variant } from '../../core/index.js';
import { SUITS, TOP_RANK } from '../../cards/nines.js';
import type { NinesHoldemObservation } from './observation.js';
import { Phase } from './state.js';

/** Offsets of the fields of one player count (names as in the layout). */
interface Plan {
  readonly layout: readonly TensorField[];
  readonly size: number;
  readonly at: Readonly<Record<string, number>>;
}

/**
 * The fields in layout order for P seats, `[name, length]`: 2 + 4 + 3 x 13 +
 * 6P + 8 entries (89 at the default 6 players).
 */
function fields(P: number): [string, number][] {
  return [
    ['phase', 2],
    ['street', 4],
    ['hole', TOP_RANK],
    ['board', TOP_RANK],
    ['unseen', TOP_RANK],
    ['button', P],
    ['toAct', P],
    ['folded', P],
    ['contrib', P],
    ['roundBet', P],
    ['net', P],
    ['pot', 1],
    ['toCall', 1],
    ['potOdds', 1],
    ['bets', 1],
    ['inHand', 1],
    ['pending', 1],
    ['handsLeft', 1],
    ['blinds', 1],
  ];
}

const plans = new Map<number, Plan>();

/** The plan of P seats, built once per player count (the only parameter that changes the length). */
function planFor(P: number): Plan {
  let plan = plans.get(P);
  if (!plan) {
    const layout = tensorLayout(fields(P));
    // Built whole: an object filled key by key turns to dictionary mode past about 20 keys (measured), and every lookup of `at` slows.
    const at: Record<string, number> = Object.fromEntries(layout.map((f) => [f.name, f.offset]));
    plan = { layout, size: layout[layout.length - 1]!.offset + layout[layout.length - 1]!.length, at };
    plans.set(P, plan);
  }
  return plan;
}

/** Scratch: cards seen by value (index 1..13). */
const SEEN = new Uint8Array(TOP_RANK + 1);

/** `x` clipped to [-1, 1]. */
const clip = (x: number): number => (x > 1 ? 1 : x < -1 ? -1 : x);

/**
 * Writes the tensor of `o` into `into[0, size)`; every entry is written, no
 * allocation. Units: cards as counts over their maximum (2 hole, 4 of a
 * value), chips over `handCap` (per seat) or P x `handCap` (the pot), bets
 * of the round over `maxBetsPerRound`.
 */
function write(o: NinesHoldemObservation, into: Float32Array): void {
  const P = o.players;
  const { at, size } = planFor(P);
  into.fill(0, 0, size);
  const me = o.seat;
  const over = o.phase === Phase.Over;
  into[at.phase! + (over ? 1 : 0)] = 1;
  into[at.street! + o.street] = 1;
  // Cards by value: own hole cards (of 2), the board turned so far (of 4 a value), and the cards of each value not seen.
  SEEN.fill(0);
  into[at.hole! + o.hole[0]! - 1]! += 0.5;
  into[at.hole! + o.hole[1]! - 1]! += 0.5;
  SEEN[o.hole[0]!]!++;
  SEEN[o.hole[1]!]!++;
  for (let k = 0; k < o.shown; k++) {
    into[at.board! + o.board[k]! - 1]! += 1 / SUITS;
    SEEN[o.board[k]!]!++;
  }
  for (let v = 1; v <= TOP_RANK; v++) into[at.unseen! + v - 1] = (SUITS - SEEN[v]!) / SUITS;
  into[at.button! + ((o.button - me + P) % P)] = 1;
  if (!over) into[at.toAct! + ((o.toAct - me + P) % P)] = 1;
  const handCap = 6 * o.maxBets * o.bigBlind;
  const roundCap = 2 * o.maxBets * o.bigBlind;
  let pot = 0;
  for (let q = 0; q < P; q++) {
    const r = (q - me + P) % P;
    into[at.folded! + r] = o.folded[q]!;
    into[at.contrib! + r] = clip(o.contrib[q]! / handCap);
    into[at.roundBet! + r] = clip(o.roundBet[q]! / roundCap);
    into[at.net! + r] = clip(o.net[q]! / (o.hands * handCap));
    pot += o.contrib[q]!;
  }
  const toCall = over ? 0 : Math.max(0, o.currentBet - o.roundBet[me]!);
  into[at.pot!] = clip(pot / (P * handCap));
  into[at.toCall!] = clip(toCall / roundCap);
  into[at.potOdds!] = toCall > 0 ? toCall / (pot + toCall) : 0;
  into[at.bets!] = clip(o.bets / o.maxBets);
  into[at.inHand!] = o.active / P;
  into[at.pending!] = over ? 0 : clip(o.pending / P);
  into[at.handsLeft!] = clip((o.hands - o.handIndex) / o.hands);
  into[at.blinds!] = o.smallBlind / o.bigBlind;
}

/**
 * Nines Hold'em's `Game.tensor`: 89 entries at 6 players (6P + 53 for P
 * seats), all in [0, 1] but `net` (in [-1, 1]); the layout depends on `players` only.
 */
export const ninesHoldemTensor: ObservationTensor<NinesHoldemObservation> = {
  layout: (v: Variant) => planFor(intParam(v, 'players')).layout,
  size: (v: Variant) => planFor(intParam(v, 'players')).size,
  write: (o, _v, into) => write(o, into),
};
