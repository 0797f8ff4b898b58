import { createRng, type GameRecord } from '../../core/index.js';
import { decodeAction } from './codec.js';
import { numberOf, parseCard, parseSuit, SUIT_CODES, suitOf } from './cards.js';
import { apply, deal, trickWinner } from './rules.js';
import { NineLivesState, Phase } from './state.js';

/** One round of a Nine Lives game, for the balance report. Arrays are per seat. */
export interface NineLivesRoundStats {
  /** Cards dealt to each seat (tricks played: handSize - 1). */
  readonly handSize: number;
  /** The number of each seat's bid card (1..9). */
  readonly bids: readonly number[];
  /** The suit code of each seat's bid card (`he`, `sp`, ...). */
  readonly bidSuits: readonly string[];
  /** Tricks each seat won. */
  readonly tricks: readonly number[];
  /** hit[s]: s won exactly its bid's number of tricks. */
  readonly hit: readonly boolean[];
  /** Lives gained (the bid number when scored, alone or by team; else 0). */
  readonly gains: readonly number[];
  /** teamSize[s]: seats whose bid shares s's suit, s included (1: no team). */
  readonly teamSize: readonly number[];
  /** Every seat bid the same suit, so the team rule did not apply. */
  readonly allOneTeam: boolean;
}

/** The statistics of one finished Nine Lives game. */
export interface NineLivesStats {
  /** Rounds played. */
  readonly rounds: number;
  /** True when the game ended at the 40-round cap. */
  readonly capped: boolean;
  /** Total lives by seat (the game scores). */
  readonly lives: readonly number[];
  readonly perRound: readonly NineLivesRoundStats[];
}

function roundStats(handSize: number, bidCards: readonly number[], tricks: readonly number[], gains: readonly number[]): NineLivesRoundStats {
  const suits = bidCards.map(suitOf);
  const teamSize = suits.map((x) => suits.filter((y) => y === x).length);
  return {
    handSize,
    bids: bidCards.map(numberOf),
    bidSuits: suits.map((x) => SUIT_CODES[x]!),
    tricks: [...tricks],
    hit: bidCards.map((c, q) => tricks[q] === numberOf(c)),
    gains: [...gains],
    teamSize,
    allOneTeam: teamSize[0] === bidCards.length,
  };
}

/**
 * The statistics of the game in `s` (played so far; complete once terminal),
 * read from the per-round history the state keeps (`NineLivesState.hist*`).
 * Allocates: call once per game, not per move.
 */
export function nineLivesStats(s: NineLivesState): NineLivesStats {
  const P = s.players;
  const perRound: NineLivesRoundStats[] = [];
  for (let r = 0; r < s.round; r++) {
    const bids = Array.from(s.histBid.subarray(r * P, (r + 1) * P));
    const tricks = Array.from(s.histTricks.subarray(r * P, (r + 1) * P));
    const gains = Array.from(s.histGain.subarray(r * P, (r + 1) * P));
    perRound.push(roundStats(s.histHand[r]!, bids, tricks, gains));
  }
  return { rounds: s.round, capped: s.capped, lives: Array.from(s.lives), perRound };
}

/**
 * The same statistics read from a game record (`nine-lives.md`, "Record
 * vocabulary"), re-resolving each trick from the recorded plays.
 * @throws Error when the record is not a well-formed Nine Lives record.
 */
export function nineLivesStatsFromRecord(rec: GameRecord): NineLivesStats {
  if (rec.game !== 'nine-lives') throw new Error(`nine-lives stats: record of ${rec.game}`);
  if (rec.variant.powers === true) return powersStatsFromRecord(rec);
  const P = Number(rec.variant.players);
  const blackCat = rec.variant.blackCat === true;
  const perRound: NineLivesRoundStats[] = [];
  for (const round of rec.rounds) {
    const deal = round.deal as { hands: string[][]; keeper: number } | undefined;
    if (!deal || !Array.isArray(deal.hands)) throw new Error('nine-lives stats: round without a deal');
    const bidCards: number[] = new Array<number>(P).fill(-1);
    const tricks: number[] = new Array<number>(P).fill(0);
    let keeper = deal.keeper;
    let cards: number[] = [];
    let suits: number[] = [];
    for (const e of round.actions) {
      const c = parseCard(e.card);
      if (e.type === 'bid') {
        bidCards[e.seat ?? -1] = c;
        continue;
      }
      cards.push(c);
      suits.push(e.as === undefined ? suitOf(c) : parseSuit(e.as));
      if (cards.length < P) continue;
      const bidSuits = cards.map((_, i) => suitOf(bidCards[(keeper + i) % P]!));
      const w = trickWinner(P, cards, suits, bidSuits, suitOf(bidCards[keeper]!), blackCat);
      keeper = (keeper + w) % P;
      tricks[keeper]!++;
      cards = [];
      suits = [];
    }
    perRound.push(roundStats(deal.hands[0]?.length ?? 0, bidCards, tricks, round.scores ?? []));
  }
  return { rounds: rec.rounds.length, capped: rec.result.capped, lives: [...rec.result.scores], perRound };
}

/**
 * Powers records (`nine-lives-powers.md`, section 11): the game is replayed
 * from its seed and decisions (tricks follow from rows, spends and the
 * powers' effects, too many to recount apart), then read as `nineLivesStats`.
 * @throws Error when an entry does not decode or the record ends early.
 */
function powersStatsFromRecord(rec: GameRecord): NineLivesStats {
  const s = new NineLivesState(rec.variant, createRng(rec.seed));
  deal(s, createRng(rec.seed));
  for (const round of rec.rounds) {
    for (const e of round.actions) {
      if (s.phase === Phase.Over) break;
      const a = decodeAction(s, e);
      if (a !== null) apply(s, a);
    }
  }
  return nineLivesStats(s);
}
