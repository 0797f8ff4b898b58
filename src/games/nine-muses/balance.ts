import type { BalanceTable, GameBalance, GameResult, KeyFigure, Variant } from '../../core/index.js';
import { lineupGroups, mergeNumericTotals, ratioOrNaN as per, shareUnits, sumOverEntries } from '../../core/balance.js';
import { intParam, stringParam } from '../../core/index.js';
import { Kind } from './actions.js';
import { loadCardSet, MAX_OPTIONS } from './cards.js';
import { CENTER, IN_DECK, type NineMusesState, NUM_KINDS, NUM_SOURCES } from './state.js';

/**
 * Running totals of a run for the Nine Muses balance report. Per line-up
 * entry e (E entries): `x[e]`, or `x[e * 5 + i]` for VP sources (Aristotle
 * Craft, Science, Ethics, Muses, options) and action kinds (exchange, call,
 * demonstrate, toil, tokens stolen). Per Muse m or Philosopher option i
 * (`t * 4 + o`) pooled over seats. Plain JSON of integers (a win counts
 * `shareUnits(P)`, a win shared by k its k-th part): built per batch in a
 * worker, merged in batch order, a jackknife group subtracted exactly.
 */
export interface NineMusesTotals {
  /** The card set's title and reconstruction flag (labels every table). */
  cards: string;
  reconstruction: boolean;
  /** Names for the tables (not summed by merge). */
  names: { muses: string[]; philosophers: { name: string; options: number }[] };
  players: number;
  games: number;
  seatGames: number[];
  vp: number[];
  vpSource: number[];
  actions: number[];
  musesCalled: number[];
  musesStolen: number[];
  musesLost: number[];
  musesHeld: number[];
  tokensLost: number[];
  /** VP by source of the game winners (in shareUnits(P) per VP: a win shared by k counts its k-th part), and games with a winner. */
  winnerVpSource: number[];
  winnerShares: number;
  museCalls: number[];
  museSteals: number[];
  museVp: number[];
  /** Games in which the Muse ended with a player / with a game winner (the latter in shareUnits(P) per game). */
  museEndHeld: number[];
  museEndWinner: number[];
  optionUse: number[];
}

const zeros = (n: number): number[] => new Array<number>(n).fill(0);

function newTotals(variant: Variant, entries: number): NineMusesTotals {
  const P = intParam(variant, 'players');
  const E = entries;
  const c = loadCardSet(stringParam(variant, 'cards'));
  const M = c.muses.length;
  return {
    cards: c.title,
    reconstruction: c.reconstruction,
    names: { muses: c.muses.map((m) => m.name), philosophers: c.philosophers.map((p) => ({ name: p.name, options: p.options.length })) },
    players: P,
    games: 0,
    seatGames: zeros(E),
    vp: zeros(E),
    vpSource: zeros(E * NUM_SOURCES),
    actions: zeros(E * NUM_KINDS),
    musesCalled: zeros(E),
    musesStolen: zeros(E),
    musesLost: zeros(E),
    musesHeld: zeros(E),
    tokensLost: zeros(E),
    winnerVpSource: zeros(NUM_SOURCES),
    winnerShares: 0,
    museCalls: zeros(M),
    museSteals: zeros(M),
    museVp: zeros(M),
    museEndHeld: zeros(M),
    museEndWinner: zeros(M),
    optionUse: zeros(c.philosophers.length * MAX_OPTIONS),
  };
}

/** Adds one finished game (the state's balance counters, `state.ts`). */
function accumulate(s: NineMusesState, t: NineMusesTotals, entryOfSeat: readonly number[], result: GameResult): void {
  const P = s.players;
  const T = s.types;
  t.games++;
  const share = result.winners.length > 0 ? shareUnits(P) / result.winners.length : 0;
  if (result.winners.length > 0) t.winnerShares++;
  for (let q = 0; q < P; q++) {
    const e = entryOfSeat[q]!;
    const won = result.winners.includes(q);
    t.seatGames[e]!++;
    t.vp[e]! += s.vp[q]!;
    for (let i = 0; i < NUM_SOURCES; i++) {
      const v = s.vpSource[q * NUM_SOURCES + i]!;
      t.vpSource[e * NUM_SOURCES + i]! += v;
      if (won) t.winnerVpSource[i]! += v * share;
    }
    for (let i = 0; i < NUM_KINDS; i++) t.actions[e * NUM_KINDS + i]! += s.actionMix[q * NUM_KINDS + i]!;
    t.musesCalled[e]! += s.calledFromCenter[q]!;
    t.musesStolen[e]! += s.calledFromPlayer[q]!;
    t.musesLost[e]! += s.musesLost[q]!;
    t.tokensLost[e]! += s.tokensLost[q]!;
    for (let i = 0; i < T * MAX_OPTIONS; i++) t.optionUse[i]! += s.optionUse[q * T * MAX_OPTIONS + i]!;
  }
  for (let m = 0; m < s.numMuses; m++) {
    t.museCalls[m]! += s.callsByMuse[m]!;
    t.museSteals[m]! += s.stealsByMuse[m]!;
    t.museVp[m]! += s.vpByMuse[m]!;
    const loc = s.museLoc[m]!;
    if (loc === CENTER || loc === IN_DECK) continue;
    t.museEndHeld[m]!++;
    t.musesHeld[entryOfSeat[loc]!]!++;
    if (result.winners.includes(loc)) t.museEndWinner[m]! += share;
  }
}

/** The card-set line of every caption; a reconstruction is said to be one. */
function label(t: NineMusesTotals): string {
  const note = t.reconstruction && !/reconstruct/i.test(t.cards) ? " (a reconstruction, not the publisher's cards)" : '';
  return `Card set: ${t.cards}${note}.`;
}

/** The action-mix columns after the bot's name: per seat-game. */
const MIX_COLUMNS = [
  'exchanges',
  'calls',
  'demonstrations',
  'toils',
  'tokens stolen',
  'tokens lost',
  'Muses called',
  'Muses taken',
  'Muses lost',
  'Muses held at end',
];

function tables(t: NineMusesTotals, lineup: readonly string[]): BalanceTable[] {
  const bots = lineupGroups(lineup);
  const units = shareUnits(t.players);
  const srcRows: (string | number)[][] = [];
  const srcRow = (who: string, src: (i: number) => number, n: number): void => {
    const v = [0, 1, 2, 3, 4].map(src);
    const total = v.reduce((a, b) => a + b, 0);
    srcRows.push([who, per(total, n), ...v.map((x) => per(x, n)), per(v[3]!, total)]);
  };
  srcRow('game winners', (i) => t.winnerVpSource[i]!, t.winnerShares * units);
  const all = t.seatGames.map((_, e) => e);
  srcRow('all seats', (i) => sumOverEntries(t.vpSource, all, (e) => e * NUM_SOURCES + i), t.games * t.players);
  for (const b of bots)
    srcRow(`bot ${b.name}`, (i) => sumOverEntries(t.vpSource, b.entries, (e) => e * NUM_SOURCES + i), sumOverEntries(t.seatGames, b.entries));
  const out: BalanceTable[] = [
    {
      id: 'vp-sources',
      title: 'Nine Muses: where the VP come from (per seat-game)',
      caption: `Aristotle columns count demonstrations at the base rates; Muses: start-of-turn VP and raised rates; options: VP printed on Philosopher options. ${label(t)}`,
      columns: ['who', 'VP', 'Aristotle Craft', 'Aristotle Science', 'Aristotle Ethics', 'Muses', 'options', 'Muse share'],
      rows: srcRows,
      // Every VP source adds (rules: no card or option takes VP away), so the Muse share of VP is within [0, 1]: Wilson's interval.
      estimates: [
        ...['VP', 'Aristotle Craft', 'Aristotle Science', 'Aristotle Ethics', 'Muses', 'options'].map((column) => ({ column })),
        { column: 'Muse share', proportion: true as const },
      ],
    },
  ];
  out.push({
    id: 'action-mix',
    title: 'Nine Muses: action mix per bot (per seat-game)',
    caption: `Decisions by kind; tokens stolen: Knowledge taken from opponents when the pool ran dry. ${label(t)}`,
    columns: ['bot', ...MIX_COLUMNS],
    estimates: MIX_COLUMNS.map((column) => ({ column })),
    rows: bots.map((b) => {
      const g = sumOverEntries(t.seatGames, b.entries);
      const a = (k: Kind): number =>
        per(
          sumOverEntries(t.actions, b.entries, (e) => e * NUM_KINDS + k),
          g,
        );
      return [
        b.name,
        a(Kind.Exchange),
        a(Kind.Call),
        a(Kind.Demonstrate),
        a(Kind.Toil),
        a(Kind.Steal),
        per(sumOverEntries(t.tokensLost, b.entries), g),
        per(sumOverEntries(t.musesCalled, b.entries), g),
        per(sumOverEntries(t.musesStolen, b.entries), g),
        per(sumOverEntries(t.musesLost, b.entries), g),
        per(sumOverEntries(t.musesHeld, b.entries), g),
      ];
    }),
  });
  out.push({
    id: 'muses',
    title: 'Nine Muses: each Muse (per game)',
    caption: `called: from the center row; taken: from another player; VP: what her ability gave; held rate: share of games she ends with a player; winner rate: share of games she ends with a game winner (a shared win counts 1/k). ${label(t)}`,
    columns: ['Muse', 'games', 'called', 'taken', 'VP', 'held rate', 'winner rate'],
    rows: t.names.muses.map((name, m) => [
      name,
      t.games,
      per(t.museCalls[m]!, t.games),
      per(t.museSteals[m]!, t.games),
      per(t.museVp[m]!, t.games),
      per(t.museEndHeld[m]!, t.games),
      per(t.museEndWinner[m]!, t.games * units),
    ]),
    estimates: [
      { column: 'called' },
      { column: 'taken' },
      { column: 'VP' },
      { column: 'held rate', trials: 'games' },
      { column: 'winner rate', trials: 'games' },
    ],
  });
  const exchanges = t.optionUse.reduce((a, b) => a + b, 0);
  const optRows: (string | number)[][] = [];
  t.names.philosophers.forEach((p, i) => {
    for (let o = 0; o < p.options; o++) {
      const u = t.optionUse[i * MAX_OPTIONS + o]!;
      optRows.push([p.name, o, per(u, t.games), per(u, exchanges)]);
    }
  });
  out.push({
    id: 'options',
    title: 'Nine Muses: Philosopher options chosen (per game, all seats)',
    caption: `option: 0-based index into the card's options. ${label(t)}`,
    columns: ['Philosopher', 'option', 'uses/game', 'share of exchanges'],
    rows: optRows,
    estimates: [{ column: 'uses/game' }, { column: 'share of exchanges', proportion: true }],
  });
  return out;
}

function keyFigures(t: NineMusesTotals): Record<string, KeyFigure> {
  const all = t.seatGames.map((_, e) => e);
  const src = (i: number): number => sumOverEntries(t.vpSource, all, (e) => e * NUM_SOURCES + i);
  const total = [0, 1, 2, 3, 4].reduce((a, i) => a + src(i), 0);
  const act = (k: Kind): number => sumOverEntries(t.actions, all, (e) => e * NUM_KINDS + k);
  const decisions = act(Kind.Exchange) + act(Kind.Call) + act(Kind.Demonstrate) + act(Kind.Toil);
  const seatGames = t.games * t.players;
  // Every VP source adds (no card or option takes VP away), so each source's share of VP is within [0, 1]: Wilson's interval.
  return {
    'VP per seat-game': { value: per(total, seatGames), format: 'number' },
    'VP share: Aristotle Craft': { value: per(src(0), total), format: 'percent', proportion: true },
    'VP share: Aristotle Science': { value: per(src(1), total), format: 'percent', proportion: true },
    'VP share: Aristotle Ethics': { value: per(src(2), total), format: 'percent', proportion: true },
    'VP share: Muses': { value: per(src(3), total), format: 'percent', proportion: true },
    'VP share: options': { value: per(src(4), total), format: 'percent', proportion: true },
    'Muses taken from players per game': {
      value: per(
        t.museSteals.reduce((a, b) => a + b, 0),
        t.games,
      ),
      format: 'number',
    },
    'tokens stolen per seat-game': { value: per(act(Kind.Steal), seatGames), format: 'number' },
    'toil share of turns': { value: per(act(Kind.Toil), decisions), format: 'percent', trials: decisions },
  };
}

/**
 * The Nine Muses sections of the balance report: VP by source (Aristotle per
 * Knowledge type, Muse abilities, options), action mix and Muses called /
 * taken / lost per bot, each Muse's record, and Philosopher option use; every
 * caption names the card set and says when it is a reconstruction.
 */
export const nineMusesBalance: GameBalance<NineMusesState, NineMusesTotals> = {
  newTotals,
  accumulate,
  merge: (a, b) => mergeNumericTotals(a, b),
  tables,
  keyFigures: (t) => keyFigures(t),
};
