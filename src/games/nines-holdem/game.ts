import type { Game, GameInfo, Variant } from '../../core/index.js';
import { defineGame, intParam, plainArray, VariantError } from '../../core/index.js';
import { NUM_ACTIONS } from './actions.js';
import { decodeAction, encodeAction } from './codec.js';
import { checkInvariants } from './invariants.js';
import { NinesHoldemObservation, determinize, observe } from './observation.js';
import { apply, currentSeat, deal, legalActions, maxDecisions } from './rules.js';
import { roundsDone, runningScores } from './standings.js';
import { copyState, NinesHoldemState, Phase } from './state.js';
import { ninesHoldemTensor } from './tensor.js';

/** Static facts and variant parameters (`nines-holdem.md`, "Variant parameters"). */
export const ninesHoldemInfo: GameInfo = {
  id: 'nines-holdem',
  name: "Nines Hold'em",
  minPlayers: 2,
  maxPlayers: 10,
  defaultPlayers: 6,
  hiddenInformation: true,
  scoreUnit: 'chips',
  utility: 'zero-sum',
  // "Match": results in milli-big-blinds per hand: net chips x 1000 / (hands x bigBlind).
  scoreRate: {
    label: 'mbb/hand',
    caption: 'mean net chips per seat-game, per hand and per big blind (x1000: milli-big-blinds per hand, as poker reports win rates)',
    scale: (v) => 1000 / (intParam(v, 'hands') * intParam(v, 'bigBlind')),
  },
  params: [
    { key: 'players', kind: 'int', min: 2, max: 10, default: 6, doc: 'number of seats' },
    {
      key: 'hands',
      kind: 'int',
      min: 1,
      max: 10_000,
      default: (v) => (typeof v.players === 'number' ? v.players : 6),
      doc: 'hands in a match (default: P, one orbit of the button)',
    },
    { key: 'smallBlind', kind: 'int', min: 1, max: 1000, default: 1, doc: 'chips of the small blind' },
    {
      key: 'bigBlind',
      kind: 'int',
      min: 1,
      max: 1000,
      default: 2,
      doc: 'chips of the big blind; bets are 1 big blind pre-flop and on the flop, 2 on the turn and river',
    },
    { key: 'maxBetsPerRound', kind: 'int', min: 1, max: 20, default: 4, doc: 'bets and raises per betting round (the big blind counts pre-flop)' },
  ],
};

/** Nines Hold'em (fixed limit), per `../shared/rules/nines-holdem.md`. */
export const ninesHoldem: Game<NinesHoldemState, NinesHoldemObservation> = defineGame({
  State: NinesHoldemState,
  Observation: NinesHoldemObservation,
  copyState,
  info: ninesHoldemInfo,
  checkVariant(v: Variant) {
    const sb = intParam(v, 'smallBlind');
    const bb = intParam(v, 'bigBlind');
    if (sb > bb) throw new VariantError(`nines-holdem: smallBlind ${sb} is above bigBlind ${bb}`);
  },
  deal,
  numDistinctActions: NUM_ACTIONS,
  maxDecisions: (v) => maxDecisions(intParam(v, 'players'), intParam(v, 'hands'), intParam(v, 'maxBetsPerRound')),
  currentSeat,
  legalActions,
  apply,
  isTerminal: (s) => s.phase === Phase.Over,
  result: (s) => ({ scores: plainArray(s.net), winners: s.winners.slice(), capped: false }),
  roundsDone,
  runningScores,
  observe,
  determinize,
  checkInvariants,
  tensor: ninesHoldemTensor,
  encodeAction,
  decodeAction,
});
