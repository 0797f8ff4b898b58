/**
 * The Powers variant (`../shared/rules/nine-lives-powers.md`): rows, spending
 * a row card to use its power, the 44 powers, the trick with powers and its
 * end. `rules.ts` hands every decision of a `powers=true` game to
 * `powersLegal` / `powersApply`; the base game never reaches this file.
 *
 * A turn is a chain of single-step decisions (section 3.2 allows steps): the
 * seat in `turn` decides in `Phase.Play` (spend a row card, or play) or in
 * `Phase.Choice` (the pending choice `pw[PW_CHOICE]`: a power's argument, a
 * declaration, another seat's carousel card or promise, a replay, and the
 * trick's end: steals, row cards, the next Kittykeeper). Every public scalar
 * lives in `pw` so that the observation copies it whole; hidden cards are
 * never in `pw`, only in `where` (hands, promises, cards being given, face-down
 * plays) and in the slots.
 *
 * This file is the public face of the Powers machinery; the work is done in
 * one file a job, each depending only on those listed before it:
 * `powers-scalars.ts` (the `pw` block), `powers-cards.ts` (card moves and
 * what is seen), `powers-turn.ts` (round and turn), `powers-chain.ts` (play
 * options), `powers-legal.ts`, `powers-end.ts` (the trick's end),
 * `powers-plays.ts`, `powers-effects.ts` (using a power), `powers-apply.ts`
 * and `powers-score.ts`. The 44 powers themselves are `powers-list.ts`.
 */
export * from './powers-scalars.js';
export { bidSuit, refreshBid, slotSeat } from './powers-cards.js';
export { resetPowersRound, startRows } from './powers-turn.js';
export { powersLegal } from './powers-legal.js';
export { powersApply, powersApplyLegal } from './powers-apply.js';
export { powersWinner, ROUND_END } from './powers-end.js';
export { powersGains, powersMap } from './powers-score.js';
