import { RuleError } from '../../core/index.js';
import { MAX_MUSES, MAX_PHILOSOPHER_TYPES, MIN_MUSES } from './cards.js';
import { CENTER, HAND_SIZE, IN_DECK, type NineMusesState, Phase, SUPPLY, Then } from './state.js';

// Scratch counts (the fuzzer calls this after every action).
const IN_DECK_BY_TYPE = new Int32Array(MAX_PHILOSOPHER_TYPES);
const MUSE_SEEN = new Uint8Array(MAX_MUSES);

/**
 * Nine Muses invariants (`../shared/rules/nine-muses.md`):
 * - Philosophers: every card of the card set is in exactly one place, a
 *   hand, the deck (`deck[0..deckLen)`) or the discard pile, type by type;
 *   hand counts match the hands ("Setup", "Rounds and the end");
 * - turns: each player plays one Philosopher a turn, left from the round's
 *   first player, 3 a round: the seats before the turn seat have played one
 *   card more than the others (the turn seat too once it has played, while
 *   it takes tokens for its action), and a finished game has empty hands;
 * - Knowledge: pool plus every player's tokens is the supply of the player
 *   count, type by type ("Setup", "Knowledge flow": gains come from the pool
 *   or other players, payments go to the pool); tokens still to take exist
 *   only while taking them (phase Steal), from an opponent who has one;
 * - Muses: the Muse deck order is a permutation; the revealed ones (5, then
 *   one more each round) are in the center row or with a player, the others
 *   in the deck; the packed copy (`museWords`) has zero padding;
 * - VP never fall: 0 <= VP at the round's start <= VP (every VP is a gain);
 *   a finished game's winners are exactly the seats with the most VP.
 * @throws RuleError naming the first broken invariant.
 */
export function checkInvariants(s: NineMusesState): void {
  const P = s.players;
  const T = s.types;
  const M = s.numMuses;
  const fail = (m: string): never => {
    throw new RuleError(`nine-muses: ${m}`);
  };

  if (s.deckLen < 0 || s.deckLen > s.deck.length) fail(`deck length ${s.deckLen} outside 0..${s.deck.length}`);
  IN_DECK_BY_TYPE.fill(0);
  for (let i = 0; i < s.deckLen; i++) {
    const t = s.deck[i]!;
    if (t >= T) fail(`deck position ${i} holds Philosopher type ${t} of ${T}`);
    IN_DECK_BY_TYPE[t]!++;
  }
  for (let t = 0; t < T; t++) {
    let n = IN_DECK_BY_TYPE[t]! + s.discard[t]!;
    for (let q = 0; q < P; q++) n += s.hand[q * T + t]!;
    const want = s.cards.philosophers[t]!.count;
    if (n !== want) fail(`${s.cards.philosophers[t]!.name} has ${n} cards in hands, deck and discard pile, the card set ${want}`);
  }

  for (let q = 0; q < P; q++) {
    let h = 0;
    for (let t = 0; t < T; t++) h += s.hand[q * T + t]!;
    if (h !== s.handCount[q]) fail(`seat ${q} counts ${s.handCount[q]} Philosophers but holds ${h}`);
    if (h > HAND_SIZE) fail(`seat ${q} holds ${h} Philosophers, more than ${HAND_SIZE}`);
  }
  if (s.turn < 0 || s.turn >= P || s.first < 0 || s.first >= P) fail(`turn ${s.turn} or first player ${s.first} is not a seat`);
  if (s.phase === Phase.Over) {
    for (let q = 0; q < P; q++) if (s.handCount[q] !== 0) fail(`seat ${q} holds ${s.handCount[q]} Philosophers after the game`);
  } else {
    // Cards played this round: the seats before the turn seat (from the first player) one more than the rest.
    const at = (q: number): number => (q - s.first + P) % P;
    const played = s.phase === Phase.Steal && s.stealThen === Then.EndTurn ? 1 : 0;
    const base = HAND_SIZE - s.handCount[s.turn]! - played;
    for (let q = 0; q < P; q++) {
      const want = base + (at(q) < at(s.turn) ? 1 : 0) + (q === s.turn ? played : 0);
      if (HAND_SIZE - s.handCount[q]! !== want)
        fail(`seat ${q} has played ${HAND_SIZE - s.handCount[q]!} Philosophers this round, ${want} by the turn order (turn ${s.turn}, first ${s.first})`);
    }
  }

  const supply = SUPPLY[P];
  for (let k = 0; k < 3; k++) {
    if (supply === undefined || s.supply[k] !== supply[k]) fail(`the supply of Knowledge ${k} is ${s.supply[k]}, not that of ${P} players`);
    let n = s.pool[k]!;
    for (let q = 0; q < P; q++) n += s.know[q * 3 + k]!;
    if (n !== s.supply[k]) fail(`Knowledge ${k}: pool and players hold ${n} tokens, the supply is ${s.supply[k]}`);
  }
  if (s.phase === Phase.Steal) {
    const k = s.stealType;
    if (k < 0 || k > 2 || s.stealLeft[k] === 0) fail(`taking Knowledge ${k} with ${s.stealLeft[k]} tokens to take`);
    let held = 0;
    for (let q = 0; q < P; q++) if (q !== s.turn) held += s.know[q * 3 + k]!;
    if (held === 0) fail(`seat ${s.turn} takes Knowledge ${k} but no opponent has any`);
  } else {
    for (let k = 0; k < 3; k++) if (s.stealLeft[k] !== 0) fail(`${s.stealLeft[k]} tokens of Knowledge ${k} left to take outside phase Steal`);
  }

  if (s.round < 1 || s.round > s.cards.rounds) fail(`round ${s.round} outside 1..${s.cards.rounds}`);
  if (s.revealed !== MIN_MUSES + s.round - 1) fail(`${s.revealed} Muses revealed in round ${s.round}`);
  MUSE_SEEN.fill(0);
  for (let i = 0; i < M; i++) {
    const m = s.museOrder[i]!;
    if (m >= M || MUSE_SEEN[m] !== 0) fail(`the Muse order is not a permutation (position ${i}: ${m})`);
    MUSE_SEEN[m] = 1;
    const loc = s.museLoc[m]!;
    if (i < s.revealed ? loc !== CENTER && (loc < 0 || loc >= P) : loc !== IN_DECK) fail(`Muse ${m} (revealed ${i < s.revealed}) is at ${loc}`);
  }
  for (let i = M; i < 4 * s.museWords.length; i++)
    if (((s.museWords[i >> 2]! >>> ((i & 3) * 8)) & 255) !== 0) fail(`padding byte ${i} of the packed Muse locations is not zero`);

  let best = -Infinity;
  for (let q = 0; q < P; q++) {
    if (s.roundStartVp[q]! < 0 || s.vp[q]! < s.roundStartVp[q]!) fail(`seat ${q} has ${s.vp[q]} VP, ${s.roundStartVp[q]} at the round's start`);
    best = Math.max(best, s.vp[q]!);
  }
  if (s.phase === Phase.Over) {
    if (s.revealed !== M) fail(`the game ended with ${M - s.revealed} Muses unrevealed`);
    for (let q = 0; q < P; q++)
      if ((s.vp[q] === best) !== s.winners.includes(q)) fail(`seat ${q} ${s.winners.includes(q) ? 'wins without' : 'does not win with'} the most VP`);
  }
}
