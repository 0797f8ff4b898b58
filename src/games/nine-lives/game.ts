import type { Game, GameInfo, Variant } from '../../core/index.js';
import { boolParam, defineGame, intParam, plainArray, stringParam, VariantError } from '../../core/index.js';
import { NUM_ACTIONS, NUM_ACTIONS_POWERS } from './actions.js';
import { parsePowersOff } from './powers-list.js';
import { nineLivesBalance } from './balance.js';
import { checkInvariants } from './invariants.js';
import { decodeAction, encodeAction } from './codec.js';
import { determinize } from './determinize.js';
import { NineLivesObservation, observe } from './observation.js';
import { apply, applyLegal, currentSeat, deal, legalActions, maxDecisions } from './rules.js';
import { copyState, NineLivesState, Phase } from './state.js';
import { roundsDone, runningScores } from './standings.js';
import { nineLivesFeatures } from './features.js';
import { nineLivesTensor } from './tensor.js';

/** Static facts and variant parameters (`nine-lives.md`, "Variant parameters"). */
export const nineLivesInfo: GameInfo = {
  id: 'nine-lives',
  name: 'Nine Lives: Tricksy Kittens',
  minPlayers: 3,
  maxPlayers: 9,
  defaultPlayers: 4,
  hiddenInformation: true,
  scoreUnit: 'lives',
  utility: 'win-share',
  params: [
    { key: 'players', kind: 'int', min: 3, max: 9, default: 4, doc: 'number of seats (3..8 with blackCat)' },
    { key: 'blackCat', kind: 'bool', default: false, doc: 'the Black Cat variant: crowns are wildcards and make the lowest number win' },
    { key: 'livesToWin', kind: 'int', min: 1, max: 99, default: 9, doc: 'lives that end the game' },
    { key: 'teams', kind: 'bool', default: true, doc: 'seats whose bids share a suit score as a team' },
    { key: 'powers', kind: 'bool', default: false, doc: 'the Powers variant: cards 1-8 carry the 44 powers (nine-lives-powers.md)' },
    {
      key: 'powerDeal',
      kind: 'enum',
      choices: ['published', 'uniform'],
      default: 'published',
      doc: 'powers: the published deal (first 24/32/40 powers at 3/4/5 players) or the first pass in random order',
    },
    { key: 'powersOff', kind: 'string', default: 'none', doc: "powers: keys left out of the deal, joined by '+' (or none)" },
  ],
};

/** Nine Lives: Tricksy Kittens, per `../shared/rules/nine-lives.md`. */
export const nineLives: Game<NineLivesState, NineLivesObservation> = defineGame({
  State: NineLivesState,
  Observation: NineLivesObservation,
  copyState,
  info: nineLivesInfo,
  checkVariant(v: Variant) {
    const p = intParam(v, 'players');
    if (boolParam(v, 'blackCat') && p > 8) throw new VariantError(`nine-lives: blackCat needs the crowns as a tenth suit, so at most 8 players (got ${p})`);
    try {
      parsePowersOff(stringParam(v, 'powersOff'));
    } catch (e) {
      throw new VariantError(`nine-lives: powersOff: ${(e as Error).message}`);
    }
  },
  deal,
  numDistinctActions: (v) => (v.powers === true ? NUM_ACTIONS_POWERS : NUM_ACTIONS),
  maxDecisions: (v) => maxDecisions(intParam(v, 'players'), boolParam(v, 'blackCat'), v.powers === true),
  currentSeat,
  legalActions,
  apply,
  applyLegal,
  isTerminal: (s) => s.phase === Phase.Over,
  result: (s) => ({ scores: plainArray(s.lives), winners: s.winners, capped: s.capped }),
  observe,
  determinize,
  checkInvariants,
  balance: nineLivesBalance,
  tensor: nineLivesTensor,
  actionFeatures: nineLivesFeatures,
  roundsDone,
  runningScores,
  encodeAction,
  decodeAction,
});
