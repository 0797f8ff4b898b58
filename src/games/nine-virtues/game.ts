import type { Game, GameInfo, Variant } from '../../core/index.js';
import { defineGame, intParam, plainArray, VariantError } from '../../core/index.js';
import { PAIRS_DECK_SIZE } from '../../cards/pairs.js';
import { NUM_ACTIONS } from './actions.js';
import { nineVirtuesBalance } from './balance.js';
import { nineVirtuesFeatures } from './features.js';
import { checkInvariants } from './invariants.js';
import { decodeAction, encodeAction } from './codec.js';
import { NineVirtuesObservation, determinize, observe } from './observation.js';
import { apply, currentSeat, deal, legalActions, legalAt, legalCount, maxDecisions } from './rules.js';
import { NineVirtuesState, copyState, Phase } from './state.js';
import { roundsDone, runningScores } from './standings.js';
import { nineVirtuesTensor } from './tensor.js';

/** Static facts and variant parameters (`nine-virtues.md`, "Variant parameters"). */
export const nineVirtuesInfo: GameInfo = {
  id: 'nine-virtues',
  name: 'Nine Virtues',
  minPlayers: 3,
  maxPlayers: 6,
  defaultPlayers: 4,
  hiddenInformation: true,
  scoreUnit: 'points',
  utility: 'win-share',
  params: [
    { key: 'players', kind: 'int', min: 3, max: 6, default: 4, doc: 'number of seats' },
    { key: 'handSize', kind: 'int', min: 1, max: 17, default: 6, doc: 'cards dealt to each hand (P x (handSize + centerPerPlayer) <= 55)' },
    { key: 'centerPerPlayer', kind: 'int', min: 1, max: 17, default: 2, doc: 'cards dealt face up into the center per player' },
    { key: 'rounds', kind: 'int', min: 1, max: 60, default: (v) => (typeof v.players === 'number' ? v.players : 4), doc: 'rounds in a game (default: P)' },
    { key: 'bidPenalty', kind: 'enum', choices: ['face', 'zero', 'double'], default: 'face', doc: 'a wrong bid scores -r (face), 0 (zero) or -2r (double)' },
    { key: 'wildOne', kind: 'bool', default: true, doc: 'the holder of the 1 calls it as any rank at scoring' },
    { key: 'killAfterFirstLap', kind: 'bool', default: true, doc: "no kill during a round's first P turns" },
  ],
};

/** Nine Virtues, per `../shared/rules/nine-virtues.md`. */
export const nineVirtues: Game<NineVirtuesState, NineVirtuesObservation> = defineGame({
  State: NineVirtuesState,
  Observation: NineVirtuesObservation,
  copyState,
  info: nineVirtuesInfo,
  checkVariant(v: Variant) {
    const p = intParam(v, 'players');
    const h = intParam(v, 'handSize');
    const c = intParam(v, 'centerPerPlayer');
    const need = p * (h + c);
    if (need > PAIRS_DECK_SIZE) {
      throw new VariantError(`nine-virtues: ${p} players x (handSize ${h} + centerPerPlayer ${c}) needs ${need} cards, the deck has ${PAIRS_DECK_SIZE}`);
    }
  },
  deal,
  numDistinctActions: NUM_ACTIONS,
  maxDecisions: (v) => maxDecisions(intParam(v, 'players'), intParam(v, 'rounds')),
  currentSeat,
  legalActions,
  legalCount,
  legalAt,
  apply,
  isTerminal: (s) => s.phase === Phase.Over,
  result: (s) => ({ scores: plainArray(s.totals), winners: s.winners, capped: s.capped }),
  observe,
  determinize,
  roundsDone,
  runningScores,
  encodeAction,
  decodeAction,
  balance: nineVirtuesBalance,
  tensor: nineVirtuesTensor,
  actionFeatures: nineVirtuesFeatures,
  checkInvariants,
});
