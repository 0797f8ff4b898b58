import type { Game, GameInfo, Variant } from '../../core/index.js';
import { defineGame, intParam, plainArray, stringParam, VariantError } from '../../core/index.js';
import { NUM_ACTIONS } from './actions.js';
import { nineMusesBalance } from './balance.js';
import { DEFAULT_CARDS, loadCardSet } from './cards.js';
import { decodeAction, encodeAction } from './codec.js';
import { checkInvariants } from './invariants.js';
import { determinize, NineMusesObservation, observe } from './observation.js';
import { forgetLegal, legalActions, legalAt, legalCount } from './legal.js';
import { apply, currentSeat, deal, maxDecisions } from './rules.js';
import { runningScores } from './standings.js';
import { copyState, HAND_SIZE, NineMusesState, Phase } from './state.js';
import { nineMusesFeatures } from './features.js';
import { nineMusesTensor } from './tensor.js';

/** The label every report carries: the card texts are not the publisher's. */
export const NINE_MUSES_DESCRIPTION =
  'Nine Muses (Shaine Greenwood, Otherworld Games 2022) with a data-driven card set; the shipped cards are a ' +
  "reconstruction designed within the public rulebook's facts, not the publisher's card texts";

/** Static facts and variant parameters (`nine-muses.md`, "Variant parameters"). */
export const nineMusesInfo: GameInfo & { readonly description: string } = {
  id: 'nine-muses',
  name: 'Nine Muses (reconstructed cards)',
  description: NINE_MUSES_DESCRIPTION,
  minPlayers: 2,
  maxPlayers: 4,
  defaultPlayers: 3,
  hiddenInformation: true,
  scoreUnit: 'VP',
  utility: 'win-share',
  params: [
    { key: 'players', kind: 'int', min: 2, max: 4, default: 3, doc: 'number of seats' },
    {
      key: 'cards',
      kind: 'string',
      default: DEFAULT_CARDS,
      doc: "card-data JSON file (Muses, Philosophers, Aristotle rates); default: the shipped reconstruction, not the publisher's cards",
    },
  ],
};

/** Nine Muses, per `../shared/rules/nine-muses.md`, over the card set named by the `cards` variant. */
export const nineMuses: Game<NineMusesState, NineMusesObservation> = defineGame({
  State: NineMusesState,
  Observation: NineMusesObservation,
  copyState,
  info: nineMusesInfo,
  checkVariant(v: Variant) {
    const p = intParam(v, 'players');
    const cards = loadCardSet(stringParam(v, 'cards'));
    if (cards.deckSize < HAND_SIZE * p) {
      throw new VariantError(`nine-muses: ${p} players need ${HAND_SIZE * p} Philosophers per round, ${stringParam(v, 'cards')} has ${cards.deckSize}`);
    }
  },
  deal,
  numDistinctActions: NUM_ACTIONS,
  maxDecisions: (v) => maxDecisions(loadCardSet(stringParam(v, 'cards')), intParam(v, 'players')),
  currentSeat,
  legalActions,
  legalCount,
  legalAt,
  apply,
  isTerminal: (s) => s.phase === Phase.Over,
  result: (s) => ({ scores: plainArray(s.vp), winners: s.winners, capped: false }),
  runningScores,
  observe,
  determinize,
  balance: nineMusesBalance,
  afterClone: forgetLegal,
  checkInvariants,
  tensor: nineMusesTensor,
  actionFeatures: nineMusesFeatures,
  encodeAction,
  decodeAction,
});
