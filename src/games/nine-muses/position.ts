import { MIN_MUSES } from './cards.js';
import { CENTER, HAND_SIZE, IN_DECK, type NineMusesState, Phase } from './state.js';

/** Where a Muse is: a seat (0..P-1), the center row or the Muse deck. */
export type MusePlace = number | 'center' | 'deck';

/**
 * A position, in parts; a part left out keeps what the state holds. Knowledge
 * comes in the order craft, science, ethics; Philosopher types and Muse names
 * are the card set's.
 */
export interface NineMusesPosition {
  /** Each seat's Knowledge tokens [craft, science, ethics], one row per seat. */
  readonly know?: readonly (readonly number[])[];
  /** Each seat's VP. */
  readonly vp?: readonly number[];
  /** Each seat's hand: how many Philosophers of each type (card-set order), one row per seat. */
  readonly hands?: readonly (readonly number[])[];
  /** Where the Muses named are, by name; the others stay where they are unless the count of revealed Muses needs them (see `placePosition`). */
  readonly muses?: Readonly<Record<string, MusePlace>>;
  /** The round, 1..the card set's rounds (5 + round - 1 Muses revealed; the first player seat (round - 1) mod P). */
  readonly round?: number;
  /** The seat whose turn it is (its collect done: it plays a Philosopher next). */
  readonly turn?: number;
}

/**
 * Puts an exact position into a dealt state `s`, for tests of the rulings,
 * part by part (what `p` leaves out stays as it is): Knowledge, VP, hands,
 * Muse places, the round and the turn seat; and every field the engine
 * derives from them:
 * - `know`: the pool holds the rest of the supply;
 * - `hands`: the hand counts; the Philosopher deck holds every other card,
 *   by type ascending (the highest type on top), the discard pile none;
 * - `round`: the revealed count (5 + round - 1) and the first player
 *   ((round - 1) mod P, as the rounds pass it left);
 * - `muses`: the named Muses go where told; then, while more Muses are out
 *   of the deck than are revealed, the last revealed unnamed Muse in the
 *   center row goes back to the deck, and while fewer, the next unnamed Muse
 *   of the deck is revealed to the center row; the Muse order is then the
 *   revealed ones first (`museOrder`, `museLoc`; `museWords` shares the
 *   bytes of `museLoc`);
 * - always: phase Play (no steal pending), and `version` bumped, so the
 *   cached legal actions of the state before are not reused.
 * VP at the round's start, the balance counters and the generator stay.
 * `checkInvariants` holds afterwards (it held after the deal). After it,
 * list the legal actions afresh (`legalActions`) before applying one.
 * @throws Error when a row's count does not match the seats or the types,
 *   seats hold more tokens of a Knowledge than the supply has, a VP is
 *   below the VP at the round's start, a hand holds more than 3
 *   Philosophers or the hands more of a type than the card set has, the hand
 *   sizes do not fit the turn order (the seats from the first player to the
 *   turn seat have played one card more than the rest), a Muse name is
 *   unknown or a place not a seat, the named Muses cannot make up the
 *   revealed count, or the round or the turn seat is out of range.
 * @returns `s`.
 */
export function placePosition(s: NineMusesState, p: NineMusesPosition): NineMusesState {
  const P = s.players;
  const T = s.types;
  const fail = (m: string): never => {
    throw new Error(`nine-muses position: ${m}`);
  };
  const rows = (what: string, r: readonly (readonly number[])[], width: number): void => {
    if (r.length !== P) fail(`${r.length} ${what} rows for ${P} seats`);
    r.forEach((row, q) => {
      if (row.length !== width) fail(`seat ${q}'s ${what} row has ${row.length} entries, not ${width}`);
      for (const n of row) if (!Number.isInteger(n) || n < 0) fail(`seat ${q}'s ${what} row holds ${n}`);
    });
  };
  const seat = (q: number, what: string): number => (Number.isInteger(q) && q >= 0 && q < P ? q : fail(`${what} ${q} is not a seat`));

  if (p.know) {
    rows('Knowledge', p.know, 3);
    for (let k = 0; k < 3; k++) {
      let held = 0;
      for (const row of p.know) held += row[k]!;
      if (held > s.supply[k]!) fail(`the seats hold ${held} tokens of Knowledge ${k}, the supply ${s.supply[k]}`);
      s.pool[k] = s.supply[k]! - held;
      p.know.forEach((row, q) => (s.know[q * 3 + k] = row[k]!));
    }
  }
  if (p.vp) {
    if (p.vp.length !== P) fail(`${p.vp.length} VP for ${P} seats`);
    p.vp.forEach((v, q) => {
      if (!Number.isInteger(v) || v < s.roundStartVp[q]!) fail(`seat ${q} has ${v} VP, ${s.roundStartVp[q]} at the round's start`);
      s.vp[q] = v;
    });
  }
  if (p.hands) {
    rows('hand', p.hands, T);
    const left = s.cards.philosophers.map((x) => x.count);
    s.hand.fill(0);
    s.handCount.fill(0);
    p.hands.forEach((row, q) => {
      row.forEach((n, t) => {
        s.hand[q * T + t] = n;
        s.handCount[q]! += n;
        left[t]! -= n;
      });
      if (s.handCount[q]! > HAND_SIZE) fail(`seat ${q} holds ${s.handCount[q]} Philosophers, more than ${HAND_SIZE}`);
    });
    s.discard.fill(0);
    let n = 0;
    left.forEach((c, t) => {
      if (c < 0) fail(`the hands hold ${-c} ${s.cards.philosophers[t]!.name} more than the card set has`);
      for (let i = 0; i < c; i++) s.deck[n++] = t;
    });
    s.deckLen = n;
  }
  if (p.round !== undefined) {
    if (!Number.isInteger(p.round) || p.round < 1 || p.round > s.cards.rounds) fail(`round ${p.round} outside 1..${s.cards.rounds}`);
    s.round = p.round;
    s.revealed = MIN_MUSES + p.round - 1;
    s.first = (p.round - 1) % P;
  }
  if (p.turn !== undefined) s.turn = seat(p.turn, 'turn');
  // The turn order: from the first player, the seats before the turn seat have played one card more.
  const at = (q: number): number => (q - s.first + P) % P;
  const played = HAND_SIZE - s.handCount[s.turn]!;
  for (let q = 0; q < P; q++) {
    const want = played + (at(q) < at(s.turn) ? 1 : 0);
    if (HAND_SIZE - s.handCount[q]! !== want)
      fail(`seat ${q} has played ${HAND_SIZE - s.handCount[q]!} Philosophers, ${want} by the turn order (turn ${s.turn}, first ${s.first})`);
  }
  placeMuses(s, p.muses ?? {}, fail, seat);
  s.phase = Phase.Play;
  s.stealLeft.fill(0);
  s.winners = [];
  s.version++;
  return s;
}

/** The Muse part of `placePosition`: named places, the revealed count made up, the order rebuilt. */
function placeMuses(
  s: NineMusesState,
  muses: Readonly<Record<string, MusePlace>>,
  fail: (m: string) => never,
  seat: (q: number, what: string) => number,
): void {
  const M = s.numMuses;
  const named = new Uint8Array(M);
  for (const [name, where] of Object.entries(muses)) {
    const m = s.cards.muses.findIndex((x) => x.name === name);
    if (m < 0) fail(`no Muse is called ${name}`);
    named[m] = 1;
    s.museLoc[m] = where === 'center' ? CENTER : where === 'deck' ? IN_DECK : seat(where, `the place of ${name},`);
  }
  let out = 0;
  for (let m = 0; m < M; m++) if (s.museLoc[m] !== IN_DECK) out++;
  // Too many out: the latest revealed unnamed Muses of the center row go back; too few: the next unnamed ones are revealed.
  for (let i = M - 1; i >= 0 && out > s.revealed; i--) {
    const m = s.museOrder[i]!;
    if (named[m] === 0 && s.museLoc[m] === CENTER) {
      s.museLoc[m] = IN_DECK;
      out--;
    }
  }
  for (let i = 0; i < M && out < s.revealed; i++) {
    const m = s.museOrder[i]!;
    if (named[m] === 0 && s.museLoc[m] === IN_DECK) {
      s.museLoc[m] = CENTER;
      out++;
    }
  }
  if (out !== s.revealed) fail(`${out} Muses out of the deck, ${s.revealed} revealed in round ${s.round}`);
  const order = Array.from(s.museOrder);
  s.museOrder.set([...order.filter((m) => s.museLoc[m] !== IN_DECK), ...order.filter((m) => s.museLoc[m] === IN_DECK)]);
}
