/**
 * An independent referee for Nine Lives records (`games.jsonl` lines written
 * by `npm run tourney -- --game nine-lives ... --record`): the base game,
 * Black Cat and the powers variant.
 *
 * Written from the rule files alone — `../shared/rules/nine-lives.md` (cited
 * "NL" below) and `../shared/rules/nine-lives-powers.md` (cited "§n.m") —
 * and on purpose importing nothing of the engine (`src/games/nine-lives/`,
 * `src/core/`): an engine bug cannot hide in code both share. The referee
 * takes from the record what the record holds (the deal, the power
 * assignment, every decision and chance outcome) and re-derives everything
 * else: whose decision comes next, which plays and power choices are legal,
 * what each power does, trick winners, rows and bids, lives, scores, the
 * Kittykeeper, the round's and the game's end.
 *
 * What it does not check: that shuffles and chance draws follow the game's
 * seeded generator (that needs the engine's generator; replay tests cover
 * it). It checks that every chance outcome is a possible one, and the power
 * deal's shape (§1: which powers, how often, on which cards).
 */

/** The nine suit codes in card-id order (NL, "Cards"); `cr` is the Black Cat suit. */
export const SUIT_CODES = ['he', 'sp', 'di', 'cl', 'ho', 'cu', 'st', 'ca', 'cr'] as const;

/**
 * The 44 powers in list order with their caps (§7; null: uncapped). The
 * order is the published deal's order (§1.2).
 */
export const POWER_LIST: readonly (readonly [key: string, cap: number | null])[] = [
  ['new_lead', null],
  ['no_lead', 3],
  ['new_trump', null],
  ['new_trump_bid', null],
  ['wildcard', 3],
  ['no_ignore', null],
  ['reverse_order', null],
  ['force_takeback', null],
  ['pick_start', 2],
  ['pick_start_conditional', null],
  ['swap_played', 2],
  ['swap_hand', null],
  ['carousel_left', 2],
  ['carousel_right', 2],
  ['shuffle_trick', 2],
  ['same_suit_order_first', 2],
  ['same_suit_order_last', 2],
  ['match_suit_lowest', null],
  ['match_suit_highest', null],
  ['shuffle_hand', 2],
  ['shuffle_hand_all', 2],
  ['play_above_5', null],
  ['play_below_5', null],
  ['play_odd', null],
  ['play_even', null],
  ['same_suit_ignore', null],
  ['steal_from_trick', null],
  ['draw_new', null],
  ['score_twice', 2],
  ['score_none', 2],
  ['new_trump_number_1', 3],
  ['new_trump_number_2', 2],
  ['new_trump_number_3', 1],
  ['limitless_power', 2],
  ['blind_play', null],
  ['double_trick', 1],
  ['reveal_suit', 3],
  ['reveal_number', 2],
  ['ignore_above_5', null],
  ['ignore_below_5', null],
  ['no_trump', 2],
  ['boost_below_5', 1],
  ['nerf_above_5', 1],
  ['end_promise', 1],
];

const CAP = new Map<string, number | null>(POWER_LIST.map(([k, c]) => [k, c]));
/** The round cap (NL, "The game"). */
const ROUND_CAP = 40;

/** A broken rule: the section it breaks and what happened. */
export interface Violation {
  /** Index of the game in the file (0-based line number among non-empty lines), or -1 for a single record. */
  readonly game: number;
  /** Round index (0-based), -1 when the fault is in the game's frame or result. */
  readonly round: number;
  /** Index of the offending entry in the round's `actions`, -1 when not about an entry. */
  readonly entry: number;
  /** The rule broken: `NL <section>` or `§<n.m> <power>` of the powers file. */
  readonly rule: string;
  readonly message: string;
}

/** What a checked record held: counts for coverage reports (that the check was not vacuous). */
export interface Coverage {
  rounds: number;
  tricks: number;
  entries: number;
  /** Powers used, by key. */
  powers: Record<string, number>;
  /** Entries by type (`play`, `power`, `row`, ...). */
  types: Record<string, number>;
  /**
   * Chance draws from a hand (random plays and replays, `swap_played`), by
   * hand size n: `draws[n][i]` counts draws of the hand's i-th card in
   * card-id order (§11: `int(n)` picks), for a test of uniformity.
   */
  draws: Record<number, number[]>;
}

/** The verdict on one record: `ok` with what it covered, or the first violation found (checking stops there). */
export type Verdict = { readonly status: 'ok'; readonly coverage: Coverage } | { readonly status: 'violation'; readonly violation: Violation };

/** A broken rule, thrown inside the referee and turned into a `Violation`. */
class Foul extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}

/** The record ran out while a decision of `seat` was awaited (a forfeit's record ends so; README "Forfeits"). */
class EndOfRecord extends Error {
  constructor(readonly seat: number | null) {
    super('the record ends');
  }
}

type Entry = Record<string, unknown> & { type: string; seat: number };

/** What a turn's powers did to its play (§3.2, §12.3: a replay keeps them). */
interface Turn {
  readonly seat: number;
  newLead: boolean;
  wild: boolean;
  /** shuffle_hand used with cards in hand (§7.20, §12.6). */
  shuffle: boolean;
  swaps: number;
  readonly trumps: TrumpPower[];
  readonly matches: MatchPower[];
  /** The card this turn put in the trick (swap_hand moves it, §12.10). */
  card: string | null;
}

interface Slot {
  readonly seat: number;
  card: string;
  /** The suit and number the card counts as (§4.1). */
  suit: string;
  num: number;
  faceDown: boolean;
  readonly turn: Turn;
}

type TrumpPower = { kind: 'suit'; suit: string | null } | { kind: 'none' } | { kind: 'number'; n: number };
interface MatchPower {
  readonly highest: boolean;
  readonly user: number;
  suit: string | null;
  /** The user has played, face up (§7.18, §12.4). */
  active: boolean;
}
type IgnorePower = { kind: 'count'; suit: string } | { kind: 'above' } | { kind: 'below' } | { kind: 'same' };

interface Trick {
  readonly leader: number;
  readonly promise: boolean;
  lap: 1 | 2;
  readonly slots: Slot[];
  leadSuit: string | null;
  leadCard: string | null;
  used: number;
  limitless: boolean;
  noLead: boolean;
  shuffleAll: boolean;
  blind: boolean;
  size: 'above' | 'below' | null;
  parity: 'odd' | 'even' | null;
  rank: 'high' | 'low' | 'first' | 'last';
  boost: boolean;
  nerf: boolean;
  double: boolean;
  readonly trumps: TrumpPower[];
  readonly ignores: IgnorePower[];
  readonly matches: MatchPower[];
  readonly keepers: { user: number; conditional: boolean }[];
  readonly fates: { kind: 'twice' | 'none' | 'shuffle'; user: number }[];
  readonly steals: number[];
  /** Seats that have played in the current lap. */
  readonly played: Set<number>;
}

/** The suit code of a card name (`"he7"` → `"he"`). */
function suitOf(card: string): string {
  return card.slice(0, 2);
}
/** The printed number of a card name. */
function numOf(card: string): number {
  return Number(card.slice(2));
}
/** Card-id order: suit order, then number (NL, "Cards"). */
function cardOrder(card: string): number {
  return SUIT_CODES.indexOf(suitOf(card) as (typeof SUIT_CODES)[number]) * 9 + numOf(card) - 1;
}
function show(x: unknown): string {
  return JSON.stringify(x) ?? String(x);
}

/**
 * Checks one Nine Lives record against the rule files.
 * @param record one parsed line of `games.jsonl` (any JSON value: a malformed one is a violation).
 * @param game the game's index, copied into the violation.
 * @returns `ok` with coverage counts, or the first violation (the record is not read further).
 */
export function refereeNineLives(record: unknown, game = -1): Verdict {
  const r = new Referee(record);
  try {
    r.run();
    return { status: 'ok', coverage: r.coverage };
  } catch (e) {
    if (e instanceof Foul) return { status: 'violation', violation: { game, round: r.round, entry: r.entryIndex, rule: e.rule, message: e.message } };
    throw e;
  }
}

class Referee {
  readonly coverage: Coverage = { rounds: 0, tricks: 0, entries: 0, powers: {}, types: {}, draws: {} };
  round = -1;
  entryIndex = -1;

  private readonly rec: Record<string, unknown>;
  private P = 0;
  private blackCat = false;
  private powers = false;
  private teams = true;
  private livesToWin = 9;
  private powerDeal = 'published';
  private powersOff: string[] = [];
  /** The game's suits (plain ones, and `cr` with Black Cat). */
  private suits: string[] = [];
  /** The suits a crown or wildcard may be declared as: the game's plain suits. */
  private plainSuits: string[] = [];
  private powerOf = new Map<string, string>();
  private powerMap: Record<string, unknown> | null = null;
  private lives: number[] = [];
  private inGame = new Set<string>();
  private keeper = 0;

  // The round.
  private entries: Entry[] = [];
  private at = 0;
  private hands: Set<string>[] = [];
  /** Powers: each seat's row (§2). The base game keeps the bid card as the row's only card. */
  private rows: string[][] = [];
  /** The base game's trick counts (NL 3). */
  private won: number[] = [];
  private discard = new Set<string>();
  private spent = new Set<string>();
  private promises: (string | null)[] = [];
  private trick: Trick | null = null;

  constructor(record: unknown) {
    this.rec = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>;
  }

  run(): void {
    this.frame();
    const rounds = this.rec.rounds;
    if (!Array.isArray(rounds) || rounds.length === 0) throw new Foul('README "Game records"', 'the record has no rounds');
    const forfeit = this.rec.forfeit as { seat?: unknown } | undefined;
    let over = false;
    let capped = false;
    for (let i = 0; i < rounds.length; i++) {
      this.round = i;
      this.entryIndex = -1;
      if (over) throw new Foul('NL "The game"', `round ${i} is played after the game ended`);
      const round = rounds[i] as Record<string, unknown>;
      const last = i === rounds.length - 1;
      try {
        this.playRound(round, i);
      } catch (e) {
        if (!(e instanceof EndOfRecord)) throw e;
        // A forfeit's record stops at the faulty decision (README "Forfeits").
        if (forfeit === undefined || !last) throw new Foul('NL 3', "the round's actions end before the round does");
        if (round.scores !== undefined) throw new Foul('README "Forfeits"', 'the forfeited round carries scores');
        if (e.seat !== null && forfeit.seat !== e.seat) {
          throw new Foul('README "Forfeits"', `the record stops at a decision of seat ${e.seat}, but seat ${show(forfeit.seat)} forfeited`);
        }
        this.entryIndex = -1;
        this.round = -1;
        this.checkResult(false, true);
        return;
      }
      this.entryIndex = -1;
      if (this.lives.some((l) => l >= this.livesToWin)) over = true;
      else if (this.inGame.size < 2 * this.P || this.plainLeft() < this.P) over = true;
      else if (i + 1 === ROUND_CAP) over = capped = true;
      const roundCapped = round.capped === true;
      if (roundCapped !== (capped && over))
        throw new Foul('NL "The game"', `round ${i} is marked capped: ${roundCapped}, but the cap is ${capped ? '' : 'not '}reached`);
    }
    this.round = -1;
    if (forfeit !== undefined) throw new Foul('README "Forfeits"', 'a forfeit is recorded after the last round ended');
    if (!over) throw new Foul('NL "The game"', `the record stops after round ${rounds.length - 1}, but the game goes on`);
    this.checkResult(capped, false);
  }

  /**
   * Plain cards still in the game. With Black Cat a deal must give every seat
   * one (NL 1), so fewer than P end the game like too few cards (open in the
   * rule file; the table's choice, as the engine's README rules: a redeal
   * could never succeed). Without Black Cat every card is plain.
   */
  private plainLeft(): number {
    let n = 0;
    for (const c of this.inGame) if (!this.isCrown(c)) n++;
    return n;
  }

  /** The variant and seats (NL "Variant parameters", §9) and the game's cards. */
  private frame(): void {
    const v = (this.rec.variant ?? {}) as Record<string, unknown>;
    if (this.rec.game !== 'nine-lives') throw new Foul('README "Game records"', `not a nine-lives record: ${show(this.rec.game)}`);
    const P = v.players;
    if (typeof P !== 'number' || !Number.isInteger(P) || P < 3 || P > 9) throw new Foul('NL', `players must be 3-9, not ${show(P)}`);
    this.P = P;
    this.blackCat = v.blackCat === true;
    if (this.blackCat && P > 8) throw new Foul('NL "Cards"', 'Black Cat allows 3-8 players');
    this.powers = v.powers === true;
    this.teams = v.teams !== false;
    this.livesToWin = typeof v.livesToWin === 'number' ? v.livesToWin : 9;
    this.powerDeal = typeof v.powerDeal === 'string' ? v.powerDeal : 'published';
    if (this.powerDeal !== 'published' && this.powerDeal !== 'uniform') throw new Foul('§9', `unknown powerDeal ${show(v.powerDeal)}`);
    const off = typeof v.powersOff === 'string' ? v.powersOff : 'none';
    this.powersOff = off === 'none' || off === '' ? [] : off.split('+');
    for (const k of this.powersOff) if (!CAP.has(k)) throw new Foul('§9', `powersOff names an unknown power ${show(k)}`);
    const seats = this.rec.seats;
    if (!Array.isArray(seats) || seats.length !== P) throw new Foul('README "Game records"', `${P} players but seats ${show(seats)}`);
    this.plainSuits = SUIT_CODES.slice(0, P);
    this.suits = this.blackCat ? [...this.plainSuits, 'cr'] : [...this.plainSuits];
    for (const s of this.suits) for (let n = 1; n <= 9; n++) this.inGame.add(`${s}${n}`);
    this.lives = new Array<number>(P).fill(0);
  }

  /** The record's result against the lives counted (NL "The game"; README "Forfeits"). */
  private checkResult(capped: boolean, forfeited: boolean): void {
    const res = (this.rec.result ?? {}) as Record<string, unknown>;
    if (show(res.scores) !== show(this.lives)) throw new Foul('NL "The game"', `result scores ${show(res.scores)}, but the lives are ${show(this.lives)}`);
    let winners: number[];
    if (forfeited) {
      const f = (this.rec.forfeit as { seat: number }).seat;
      winners = this.lives.map((_, s) => s).filter((s) => s !== f);
    } else {
      const best = Math.max(...this.lives);
      winners = this.lives.map((l, s) => (l === best ? s : -1)).filter((s) => s >= 0);
    }
    if (show(res.winners) !== show(winners)) throw new Foul('NL "The game"', `result winners ${show(res.winners)}, but they are ${show(winners)}`);
    if (res.capped !== capped) throw new Foul('NL "The game"', `result capped ${show(res.capped)}, but it is ${capped}`);
  }

  // ---------------------------------------------------------------- entries

  private card(x: unknown, what: string, rule: string): string {
    if (typeof x !== 'string' || !/^[a-z]{2}[1-9]$/.test(x) || !this.suits.includes(suitOf(x)))
      throw new Foul(rule, `${what}: ${show(x)} is not a card of this game`);
    return x;
  }
  /** Counts a chance draw of `card` from `hand` (see `Coverage.draws`). */
  private countDraw(hand: Set<string>, card: string): void {
    const sorted = [...hand].sort((a, b) => cardOrder(a) - cardOrder(b));
    const row = (this.coverage.draws[sorted.length] ??= new Array<number>(sorted.length).fill(0));
    row[sorted.indexOf(card)]!++;
  }
  private isCrown(card: string): boolean {
    return this.blackCat && suitOf(card) === 'cr';
  }

  private peek(): Entry | undefined {
    return this.entries[this.at];
  }

  /**
   * The next entry, which must be a `type` entry of `seat`.
   * @throws Foul for another entry; EndOfRecord when the actions end.
   */
  private take(type: string, seat: number, rule: string, decision = true): Entry {
    const e = this.entries[this.at];
    if (e === undefined) throw new EndOfRecord(decision ? seat : null);
    this.entryIndex = this.at;
    if (e.type === 'power' && (e.seat !== seat || type !== 'power')) {
      throw new Foul('§3.1', `a power is used outside its user's turn (${show(e)}); expected ${type} by seat ${seat}`);
    }
    if (e.type !== type || e.seat !== seat) throw new Foul(rule, `expected ${type} by seat ${seat}, found ${show(e)}`);
    this.at++;
    this.coverage.entries++;
    this.coverage.types[type] = (this.coverage.types[type] ?? 0) + 1;
    return e;
  }

  // ------------------------------------------------------------------ round

  private playRound(round: Record<string, unknown>, index: number): void {
    const P = this.P;
    const deal = (round.deal ?? {}) as Record<string, unknown>;
    const actions = round.actions;
    if (!Array.isArray(actions)) throw new Foul('README "Game records"', 'the round has no actions');
    for (const a of actions) {
      if (typeof a !== 'object' || a === null || typeof (a as Entry).type !== 'string' || typeof (a as Entry).seat !== 'number') {
        throw new Foul('README "Game records"', `a malformed entry ${show(a)}`);
      }
    }
    this.entries = actions as Entry[];
    this.at = 0;
    this.checkDeal(deal, index);
    this.discard = new Set();
    this.spent = new Set();
    this.promises = new Array<string | null>(P).fill(null);
    this.won = new Array<number>(P).fill(0);
    this.coverage.rounds++;

    // NL 2: bids, in seat order from seat 0, before any play.
    this.rows = [];
    for (let s = 0; s < P; s++) {
      const e = this.take('bid', s, 'NL "Record vocabulary"');
      const c = this.card(e.card, 'bid', 'NL 2');
      if (!this.hands[s]!.has(c)) throw new Foul('NL 2', `seat ${s} bids ${c}, not in its hand`);
      if (this.isCrown(c)) throw new Foul('NL "Black Cat variant"', `seat ${s} bids a crown (${c})`);
      this.hands[s]!.delete(c);
      this.rows.push([c]); // §2.1: the bid starts the row.
    }

    // NL 3, §5.7, §6.1: tricks until every hand is empty and no promise waits.
    for (;;) {
      const sizes = this.hands.map((h) => h.size);
      if (sizes.some((n) => n !== sizes[0])) throw new Foul('§6.1', `hand sizes differ at a trick's start: ${show(sizes)}`);
      if (sizes[0] === 0) {
        if (this.promises.every((p) => p === null)) break;
        if (this.promises.some((p) => p === null)) throw new Foul('§7.44 end_promise', `only some seats hold a promise: ${show(this.promises)}`);
        this.playTrick(true);
      } else this.playTrick(false);
    }
    if (this.at < this.entries.length) {
      this.entryIndex = this.at;
      throw new Foul('§6.1', `entries after the round's last trick: ${show(this.entries[this.at])}`);
    }
    this.entryIndex = -1;
    this.score(round);
  }

  /** NL 1 and §1: the deal's cards, sizes, the Kittykeeper and the power assignment. */
  private checkDeal(deal: Record<string, unknown>, index: number): void {
    const P = this.P;
    const hands = deal.hands;
    const leftover = deal.leftover;
    if (!Array.isArray(hands) || hands.length !== P || !Array.isArray(leftover))
      throw new Foul('NL "Record vocabulary"', 'the deal needs hands (one per seat) and leftover');
    if (deal.keeper !== this.keeper) throw new Foul('NL 5', `the deal names Kittykeeper ${show(deal.keeper)}, but it is seat ${this.keeper}`);
    const N = this.inGame.size;
    const size = Math.floor(N / P);
    const seen = new Set<string>();
    const take = (c: unknown): string => {
      const card = this.card(c, 'dealt card', 'NL 1');
      if (!this.inGame.has(card)) throw new Foul('NL 4', `${card} is dealt but left the game`);
      if (seen.has(card)) throw new Foul('NL 1', `${card} is dealt twice`);
      seen.add(card);
      return card;
    };
    this.hands = [];
    for (let s = 0; s < P; s++) {
      const h = hands[s];
      if (!Array.isArray(h) || h.length !== size)
        throw new Foul('NL 1', `seat ${s} is dealt ${Array.isArray(h) ? h.length : 'no'} cards, not floor(${N}/${P}) = ${size}`);
      const set = new Set(h.map(take));
      if (this.blackCat && [...set].every((c) => this.isCrown(c))) throw new Foul('NL 1', `seat ${s} is dealt only crowns (the deal is made again)`);
      this.hands.push(set);
    }
    for (const c of leftover) take(c);
    if (seen.size !== N) throw new Foul('NL 1', `the deal holds ${seen.size} of the ${N} cards still in the game`);
    if (!this.powers) {
      if (deal.powers !== undefined) throw new Foul('NL "Powers"', 'a power assignment in a game without powers');
      return;
    }
    if (index === 0) this.checkPowerDeal(deal.powers);
    else if (deal.powers !== undefined && show(deal.powers) !== show(this.powerMap)) throw new Foul('§12.1', 'a later round repeats another power assignment');
  }

  /** §1 and §11: every card 1-8 carries a power (9s none), in card-id order, as the deal's passes allow. */
  private checkPowerDeal(map: unknown): void {
    if (typeof map !== 'object' || map === null) throw new Foul('§11', 'the first deal has no "powers"');
    this.powerMap = map as Record<string, unknown>;
    const powered = [...this.inGame].filter((c) => numOf(c) <= 8).sort((a, b) => cardOrder(a) - cardOrder(b));
    const keys = Object.keys(map);
    let last = -1;
    const count = new Map<string, number>();
    for (const c of keys) {
      const card = this.card(c, 'powered card', '§1.1');
      if (numOf(card) === 9) throw new Foul('§1.1', `${card}: the 9s carry no power`);
      if (cardOrder(card) <= last) throw new Foul('§12.1', '"powers" is not in card-id order');
      last = cardOrder(card);
      const k = (map as Record<string, unknown>)[c];
      if (typeof k !== 'string' || !CAP.has(k)) throw new Foul('§7', `${card} carries an unknown power ${show(k)}`);
      if (this.powersOff.includes(k)) throw new Foul('§9 powersOff', `${card} carries ${k}, which is left out`);
      this.powerOf.set(card, k);
      count.set(k, (count.get(k) ?? 0) + 1);
    }
    const pool = POWER_LIST.map(([k]) => k).filter((k) => !this.powersOff.includes(k));
    for (const [k, n] of count) {
      const cap = CAP.get(k);
      if (cap !== null && cap !== undefined && n > cap) throw new Foul('§1.2.5', `${k} is on ${n} cards, over its cap ${cap}`);
    }
    const unpowered = powered.filter((c) => !this.powerOf.has(c));
    if (unpowered.length > 0) {
      // §1.2.5: only when every key of the pool reached its cap.
      if (pool.some((k) => count.get(k) !== CAP.get(k))) throw new Foul('§1.1', `${unpowered[0]} carries no power, but the pool is not empty`);
    }
    if (powered.length <= pool.length) {
      // §1.2.3: the first pass runs out of cards, each power at most once; published: the first N of the list (§1.3).
      for (const [k, n] of count) if (n > 1) throw new Foul('§1.2.3', `${k} is on ${n} cards, but the first pass does not run through the pool`);
      if (this.powerDeal === 'published') {
        const expected = pool.slice(0, powered.length);
        for (const k of expected) if (!count.has(k)) throw new Foul('§1.3 (published)', `${k} is among the first ${powered.length} powers but on no card`);
      }
    } else {
      for (const k of pool) if (!count.has(k)) throw new Foul('§1.2.3', `the first pass places every power once, but ${k} is on no card`);
    }
  }

  /** NL 4, §6: each seat's bid and tricks, teams, the round's scores and the lives. */
  private score(round: Record<string, unknown>): void {
    const P = this.P;
    const bid = (s: number): string | null => this.bidOf(s);
    const tricks = (s: number): number => (this.powers ? this.rows[s]!.length - 1 : this.won[s]!);
    const scores = new Array<number>(P).fill(0);
    const scored = new Array<boolean>(P).fill(false);
    for (let s = 0; s < P; s++) {
      const b = bid(s);
      if (b !== null && tricks(s) === numOf(b)) scored[s] = true;
    }
    if (this.teams) {
      const bySuit = new Map<string, number[]>();
      for (let s = 0; s < P; s++) {
        const b = bid(s);
        if (b === null) continue;
        const t = bySuit.get(suitOf(b)) ?? [];
        t.push(s);
        bySuit.set(suitOf(b), t);
      }
      for (const team of bySuit.values()) {
        if (team.length < 2 || team.length === P) continue;
        const sumTricks = team.reduce((a, s) => a + tricks(s), 0);
        const sumBids = team.reduce((a, s) => a + numOf(bid(s)!), 0);
        if (sumTricks === sumBids) for (const s of team) scored[s] = true;
      }
    }
    for (let s = 0; s < P; s++) {
      if (!scored[s]) continue;
      const b = bid(s)!;
      scores[s] = numOf(b);
      this.lives[s]! += numOf(b);
      this.inGame.delete(b);
    }
    if (show(round.scores) !== show(scores)) {
      const detail = this.rows.map((_, s) => `seat ${s}: bid ${bid(s) ?? 'none'}, ${tricks(s)} tricks`).join('; ');
      throw new Foul(this.powers ? '§6.2' : 'NL 4', `round scores ${show(round.scores)}, but they are ${show(scores)} (${detail})`);
    }
  }

  /** §2.3: the left-most row card that is not a Black Cat crown (NL: the bid card). */
  private bidOf(seat: number): string | null {
    for (const c of this.rows[seat]!) if (!this.isCrown(c)) return c;
    return null;
  }

  // ------------------------------------------------------------------ trick

  private playTrick(promise: boolean): void {
    const P = this.P;
    const t: Trick = {
      leader: this.keeper,
      promise,
      lap: 1,
      slots: [],
      leadSuit: null,
      leadCard: null,
      used: 0,
      limitless: false,
      noLead: false,
      shuffleAll: false,
      blind: false,
      size: null,
      parity: null,
      rank: 'high',
      boost: false,
      nerf: false,
      double: false,
      trumps: [],
      ignores: [],
      matches: [],
      keepers: [],
      fates: [],
      steals: [],
      played: new Set(),
    };
    this.trick = t;
    this.coverage.tricks++;
    for (let k = 0; k < P; k++) this.turn((t.leader + k) % P);
    // §5.1, §7.36: the second lap.
    if (t.double && this.hands.every((h) => h.size > 0)) {
      t.lap = 2;
      t.played.clear();
      for (let k = 0; k < P; k++) this.turn((t.leader + k) % P);
    }
    // §5.2: every card face up.
    for (const s of t.slots) s.faceDown = false;
    // §5.3
    const winner = this.winner();
    // §5.4: steals, in the order used.
    for (const u of t.steals) {
      if (this.hands[u]!.size === 0) continue;
      const e = this.take('steal', u, '§5.4 steal_from_trick');
      const give = this.card(e.give, 'steal give', '§7.27 steal_from_trick');
      const take = this.card(e.take, 'steal take', '§7.27 steal_from_trick');
      if (!this.hands[u]!.has(give)) throw new Foul('§7.27 steal_from_trick', `seat ${u} gives ${give}, not in its hand`);
      const slot = t.slots.find((s) => s.card === take);
      if (slot === undefined) throw new Foul('§7.27 steal_from_trick', `seat ${u} takes ${take}, not in the trick`);
      this.hands[u]!.delete(give);
      this.hands[u]!.add(take);
      slot.card = give;
      slot.suit = suitOf(give); // §12.11: counts as printed.
      slot.num = numOf(give);
    }
    // §5.5 FATE
    const inTrick = new Set(t.slots.map((s) => s.card));
    let fate: 'row' | 'twice' | 'none' | 'shuffle' = 'row';
    for (let i = t.fates.length - 1; i >= 0; i--) {
      const f = t.fates[i]!;
      if (f.kind === 'shuffle' && f.user !== winner) continue;
      fate = f.kind;
      break;
    }
    if (!this.powers) this.won[winner]!++;
    else if (fate === 'row' || fate === 'twice') {
      for (let i = fate === 'twice' ? 2 : 1; i > 0; i--) {
        const e = this.take('row', winner, '§5.5');
        const c = this.card(e.card, 'row card', '§2.2');
        if (!inTrick.has(c)) throw new Foul('§2.2', `seat ${winner} places ${c} in its row, not a card of the trick (or placed already)`);
        inTrick.delete(c);
        this.rows[winner]!.push(c);
      }
    } else if (fate === 'shuffle') {
      const e = this.take('chance', winner, '§7.15 shuffle_trick', false);
      if (e.key !== 'shuffle_trick') throw new Foul('§11', `the shuffle_trick chance entry has key ${show(e.key)}`);
      const cards = e.cards;
      if (!Array.isArray(cards) || cards.length !== P) throw new Foul('§7.15 shuffle_trick', `one card for each of the ${P} seats, not ${show(cards)}`);
      for (let s = 0; s < P; s++) {
        const c = this.card(cards[s], 'dealt back', '§7.15 shuffle_trick');
        if (!inTrick.has(c)) throw new Foul('§7.15 shuffle_trick', `${c} is dealt back but not in the trick (or dealt twice)`);
        inTrick.delete(c);
        this.hands[s]!.add(c);
      }
    }
    for (const c of inTrick) this.discard.add(c);
    // §5.6 KEEPER
    let keeper = winner;
    for (let i = t.keepers.length - 1; i >= 0; i--) {
      const k = t.keepers[i]!;
      if (k.conditional && k.user === winner) continue;
      const e = this.take('keeper', k.user, '§5.6');
      if (typeof e.to !== 'number' || !Number.isInteger(e.to) || e.to < 0 || e.to >= P) throw new Foul('§7.9 pick_start', `keeper ${show(e.to)} is not a seat`);
      keeper = e.to;
      break;
    }
    this.keeper = keeper;
    if (t.promise) this.promises.fill(null);
    this.trick = null;
  }

  /** §4.9 (NL 3 "Winner", NL "Black Cat variant"): the seat that wins the trick as it lies now. */
  private winner(): number {
    const t = this.trick!;
    const slots = t.slots;
    // §4.6: ignored, card by card, the latest rule speaking deciding.
    const ignored = slots.map((s) => {
      const b = this.bidOf(s.seat);
      return b !== null && suitOf(b) === s.suit;
    });
    for (const p of t.ignores) {
      slots.forEach((s, i) => {
        if (p.kind === 'count' && s.suit === p.suit) ignored[i] = false;
        else if (p.kind === 'above' && s.num >= 6) ignored[i] = true;
        else if (p.kind === 'below' && s.num <= 4) ignored[i] = true;
        else if (p.kind === 'same' && i > 0 && s.suit === slots[i - 1]!.suit) ignored[i] = true;
      });
    }
    // §4.7: trump.
    const kb = this.bidOf(t.leader);
    let trump: string | null = kb === null ? null : suitOf(kb);
    for (let i = t.trumps.length - 1; i >= 0; i--) {
      const p = t.trumps[i]!;
      if (p.kind === 'number') {
        const lone = slots.filter((s) => s.num === p.n);
        if (lone.length !== 1) continue;
        trump = lone[0]!.suit;
      } else trump = p.kind === 'none' ? null : p.suit;
      break;
    }
    // §4.8: ranking; a crown turns high into low.
    let rank = t.rank;
    if (rank === 'high' && slots.some((s) => this.isCrown(s.card))) rank = 'low';
    const value = (s: Slot): number => s.num + (t.boost && s.num <= 4 ? 9 : 0) - (t.nerf && s.num >= 6 ? 9 : 0);
    let cands = slots.map((_, i) => i).filter((i) => !ignored[i] && trump !== null && slots[i]!.suit === trump);
    if (cands.length === 0) cands = slots.map((_, i) => i).filter((i) => !ignored[i] && slots[i]!.suit === t.leadSuit);
    if (cands.length === 0) return t.leader;
    let best = cands[0]!;
    for (const i of cands.slice(1)) {
      const v = value(slots[i]!);
      const bv = value(slots[best]!);
      if (rank === 'last' || (rank === 'high' && v > bv) || (rank === 'low' && v < bv)) best = i;
    }
    return slots[best]!.seat;
  }

  // ------------------------------------------------------------------- turn

  /** §3.2: a seat's turn in a trick: powers, then the play, then `swap_hand`'s swaps. */
  private turn(seat: number): void {
    const t = this.trick!;
    const turn: Turn = { seat, newLead: false, wild: false, shuffle: false, swaps: 0, trumps: [], matches: [], card: null };
    for (;;) {
      const e = this.peek();
      if (e === undefined || e.type !== 'power' || e.seat !== seat) break;
      this.entryIndex = this.at;
      if (!this.powers) throw new Foul('NL "Powers"', 'a power in a game without powers');
      if (t.used > 0 && !t.limitless) throw new Foul('§3.1', `a second power in one trick without limitless_power (${show(e.key)})`);
      if (turn.shuffle) throw new Foul('§7.20 shuffle_hand', 'a power after shuffle_hand: the play follows at once');
      this.take('power', seat, '§3.2');
      this.usePower(seat, turn, e);
    }
    this.play(seat, turn, -1);
    t.played.add(seat);
    // §3.2.3, §7.12, §12.10: one swap per swap_hand, each moving the user's card.
    for (let i = 0; i < turn.swaps; i++) {
      if (t.slots.length < 2) continue;
      const e = this.take('swap', seat, '§7.12 swap_hand');
      const c = this.card(e.card, 'swap', '§7.12 swap_hand');
      const mine = t.slots.findIndex((s) => s.card === turn.card);
      const other = t.slots.findIndex((s) => s.card === c);
      if (other < 0 || other === mine) throw new Foul('§7.12 swap_hand', `${c} is not another card of the trick`);
      const a = t.slots[mine]!;
      const b = t.slots[other]!;
      [a.card, b.card] = [b.card, a.card];
      [a.suit, b.suit] = [b.suit, a.suit];
      [a.num, b.num] = [b.num, a.num];
      [a.faceDown, b.faceDown] = [b.faceDown, a.faceDown];
    }
  }

  /** §3.1 and §7: a `power` entry (already taken) of `seat`: its payment, choices and effect. */
  private usePower(seat: number, turn: Turn, e: Entry): void {
    const t = this.trick!;
    const P = this.P;
    const card = this.card(e.card, 'power card', '§3.1');
    const key = String(e.key);
    const rule = `§7 ${key}`;
    if (this.powerOf.get(card) !== key) throw new Foul('§11', `${card} carries ${this.powerOf.get(card) ?? 'no power'}, not ${show(e.key)}`);
    const row = this.rows[seat]!;
    const at = row.indexOf(card);
    if (at < 0) throw new Foul('§3.1', `seat ${seat} spends ${card}, not in its row`);
    row.splice(at, 1);
    this.spent.add(card);
    t.used++;
    this.coverage.powers[key] = (this.coverage.powers[key] ?? 0) + 1;
    const args = e.args;
    if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new Foul('§12.1', 'a power entry without args');
    const a = args as Record<string, unknown>;
    const noArgs = (): void => {
      if (Object.keys(a).length !== 0) throw new Foul(rule, `${key} takes no choices here, but args are ${show(a)}`);
    };
    const bidSuit = (): string | null => {
      const b = this.bidOf(seat);
      return b === null ? null : suitOf(b);
    };
    switch (key) {
      case 'new_lead':
        noArgs();
        turn.newLead = true;
        break;
      case 'no_lead':
        noArgs();
        t.noLead = true;
        break;
      case 'new_trump': {
        noArgs();
        const p: TrumpPower = { kind: 'suit', suit: null };
        t.trumps.push(p);
        turn.trumps.push(p);
        break;
      }
      case 'new_trump_bid': {
        noArgs();
        const s = bidSuit();
        if (s !== null) t.trumps.push({ kind: 'suit', suit: s });
        break;
      }
      case 'wildcard':
        noArgs();
        turn.wild = true;
        break;
      case 'no_ignore': {
        noArgs();
        const s = bidSuit();
        if (s !== null) t.ignores.push({ kind: 'count', suit: s });
        break;
      }
      case 'reverse_order':
        noArgs();
        t.rank = 'low';
        break;
      case 'same_suit_order_first':
        noArgs();
        t.rank = 'first';
        break;
      case 'same_suit_order_last':
        noArgs();
        t.rank = 'last';
        break;
      case 'force_takeback': {
        noArgs();
        if (t.slots.length === 0) break;
        const idx = t.slots.length - 1;
        const slot = t.slots[idx]!;
        if (this.hands[slot.seat]!.size === 0) break; // the card stays
        this.play(slot.seat, slot.turn, idx);
        break;
      }
      case 'pick_start':
      case 'pick_start_conditional':
        noArgs();
        t.keepers.push({ user: seat, conditional: key === 'pick_start_conditional' });
        break;
      case 'swap_played': {
        const targets = [...Array(P).keys()].filter((s) => s !== seat && this.hands[s]!.size > 0);
        if (this.hands[seat]!.size === 0 || targets.length === 0) {
          noArgs();
          break;
        }
        const give = this.card(a.give, 'swap_played give', rule);
        const target = a.target;
        if (!this.hands[seat]!.has(give)) throw new Foul(rule, `seat ${seat} gives ${give}, not in its hand`);
        if (typeof target !== 'number' || !targets.includes(target)) throw new Foul(rule, `target ${show(target)} is not another seat holding a card`);
        const ch = this.take('chance', seat, rule, false);
        if (ch.key !== 'swap_played') throw new Foul('§11', `the swap_played chance entry has key ${show(ch.key)}`);
        const got = this.card(ch.card, 'drawn', rule);
        if (!this.hands[target]!.has(got)) throw new Foul(rule, `${got} is drawn from seat ${target}, which does not hold it`);
        this.countDraw(this.hands[target]!, got);
        this.hands[target]!.delete(got);
        this.hands[target]!.add(give);
        this.hands[seat]!.delete(give);
        this.hands[seat]!.add(got);
        break;
      }
      case 'swap_hand':
        noArgs();
        turn.swaps++;
        break;
      case 'carousel_left':
      case 'carousel_right': {
        noArgs();
        const g = Math.min(2, ...this.hands.map((h) => h.size));
        if (g === 0) break;
        const given: string[][] = [];
        for (let k = 0; k < P; k++) {
          const s = (seat + k) % P;
          const ge = this.take('give', s, rule);
          const cards = ge.cards;
          if (!Array.isArray(cards) || cards.length !== g) throw new Foul(rule, `seat ${s} gives ${show(cards)}, not ${g} cards`);
          const cs = cards.map((c) => this.card(c, 'given', rule));
          if (new Set(cs).size !== g || cs.some((c) => !this.hands[s]!.has(c)))
            throw new Foul(rule, `seat ${s} gives ${show(cards)}, not ${g} cards of its hand`);
          given[s] = cs;
        }
        const dir = key === 'carousel_left' ? 1 : P - 1;
        for (let s = 0; s < P; s++) for (const c of given[s]!) this.hands[s]!.delete(c);
        for (let s = 0; s < P; s++) for (const c of given[s]!) this.hands[(s + dir) % P]!.add(c);
        break;
      }
      case 'shuffle_trick':
        noArgs();
        t.fates.push({ kind: 'shuffle', user: seat });
        break;
      case 'match_suit_lowest':
      case 'match_suit_highest': {
        noArgs();
        const m: MatchPower = { highest: key === 'match_suit_highest', user: seat, suit: null, active: false };
        t.matches.push(m);
        turn.matches.push(m);
        break;
      }
      case 'shuffle_hand':
        noArgs();
        if (this.hands[seat]!.size > 0) turn.shuffle = true; // §12.6
        break;
      case 'shuffle_hand_all':
        noArgs();
        t.shuffleAll = true;
        break;
      case 'play_above_5':
      case 'play_below_5':
        noArgs();
        t.size = key === 'play_above_5' ? 'above' : 'below';
        break;
      case 'play_odd':
      case 'play_even':
        noArgs();
        t.parity = key === 'play_odd' ? 'odd' : 'even';
        break;
      case 'same_suit_ignore':
        noArgs();
        t.ignores.push({ kind: 'same' });
        break;
      case 'ignore_above_5':
      case 'ignore_below_5':
        noArgs();
        t.ignores.push({ kind: key === 'ignore_above_5' ? 'above' : 'below' });
        break;
      case 'steal_from_trick':
        noArgs();
        t.steals.push(seat);
        break;
      case 'draw_new': {
        const hand = this.hands[seat]!;
        if (this.discard.size === 0 || hand.size === 0) {
          noArgs();
          break;
        }
        const take = this.card(a.take, 'draw_new take', rule);
        const drop = this.card(a.drop, 'draw_new drop', rule);
        if (!this.discard.has(take)) throw new Foul(rule, `${take} is not in the round's discard pile`);
        if (!hand.has(drop)) throw new Foul(rule, `seat ${seat} drops ${drop}, not in its hand`);
        this.discard.delete(take);
        hand.add(take);
        hand.delete(drop);
        this.discard.add(drop);
        break;
      }
      case 'score_twice':
      case 'score_none':
        noArgs();
        t.fates.push({ kind: key === 'score_twice' ? 'twice' : 'none', user: seat });
        break;
      case 'new_trump_number_1':
      case 'new_trump_number_2':
      case 'new_trump_number_3':
        noArgs();
        t.trumps.push({ kind: 'number', n: Number(key.slice(-1)) });
        break;
      case 'limitless_power':
        noArgs();
        t.limitless = true;
        break;
      case 'blind_play':
        noArgs();
        t.blind = true;
        break;
      case 'double_trick':
        noArgs();
        if (t.lap === 1) t.double = true; // §12.8
        break;
      case 'reveal_suit':
        if (typeof a.suit !== 'string' || !this.suits.includes(a.suit) || Object.keys(a).length !== 1)
          throw new Foul(rule, `args ${show(a)}: one suit of the game`);
        break;
      case 'reveal_number':
        if (typeof a.number !== 'number' || !Number.isInteger(a.number) || a.number < 1 || a.number > 9 || Object.keys(a).length !== 1) {
          throw new Foul(rule, `args ${show(a)}: one number 1-9`);
        }
        break;
      case 'no_trump':
        noArgs();
        t.trumps.push({ kind: 'none' });
        break;
      case 'boost_below_5':
        noArgs();
        t.boost = true;
        break;
      case 'nerf_above_5':
        noArgs();
        t.nerf = true;
        break;
      case 'end_promise': {
        noArgs();
        // §7.44, §12.8: seats still to play in this lap hold 2+, every other seat 1+.
        const ok = this.hands.every((h, s) => h.size >= (t.played.has(s) ? 1 : 2));
        if (!ok) break;
        for (let k = 0; k < P; k++) {
          const s = (seat + k) % P;
          const ae = this.take('aside', s, rule);
          const c = this.card(ae.card, 'promise', rule);
          if (!this.hands[s]!.has(c)) throw new Foul(rule, `seat ${s} sets aside ${c}, not in its hand`);
          if (this.promises[s] !== null) throw new Foul(rule, `seat ${s} already holds a promise`);
          this.hands[s]!.delete(c);
          this.promises[s] = c;
        }
        break;
      }
      default:
        throw new Foul('§7', `unknown power ${show(key)}`);
    }
  }

  // ------------------------------------------------------------------- play

  /**
   * A play (§4) of `seat` in its turn, or with `replaced >= 0` its `replay`
   * into that slot after `force_takeback` (§7.8, §12.3).
   */
  private play(seat: number, turn: Turn, replaced: number): void {
    const t = this.trick!;
    const replay = replaced >= 0;
    const kind = replay ? 'replay' : 'play';
    const hand = this.hands[seat]!;
    const old = replay ? t.slots[replaced]! : null;
    // §7.44: in the promise trick each play is the seat's promise (forced). §7.20, §7.21: random plays.
    const forced = t.promise && !replay;
    const random = !forced && hand.size > 0 && (turn.shuffle || t.shuffleAll);
    const ruleOf = forced ? '§7.44 end_promise' : random ? '§4.4 (random play)' : '§4.4';
    if (!forced && hand.size === 0) throw new Foul('§6.1', `seat ${seat} must play but holds no card`);
    let card: string;
    let e: Entry;
    if (forced) {
      e = this.take(kind, seat, '§7.44 end_promise');
      card = this.card(e.card, kind, ruleOf);
      if (card !== this.promises[seat])
        throw new Foul('§7.44 end_promise', `seat ${seat} plays ${card} in the promise trick, but its promise is ${this.promises[seat]}`);
    } else if (random) {
      const ch = this.take('chance', seat, '§7.20 / §7.21', false);
      const keys = [...(turn.shuffle ? ['shuffle_hand'] : []), ...(t.shuffleAll ? ['shuffle_hand_all'] : [])];
      if (!keys.includes(String(ch.key))) throw new Foul('§11', `a random play's chance entry has key ${show(ch.key)}, not ${keys.join(' or ')}`);
      card = this.card(ch.card, 'drawn', ruleOf);
      if (!hand.has(card)) throw new Foul(ruleOf, `${card} is drawn from seat ${seat}'s hand, which does not hold it`);
      this.countDraw(hand, card);
      e = this.take(kind, seat, '§11');
      if (e.card !== card) throw new Foul('§11', `the random play is ${show(e.card)}, but ${card} was drawn`);
    } else {
      e = this.take(kind, seat, ruleOf);
      card = this.card(e.card, kind, ruleOf);
      if (!hand.has(card)) throw new Foul(ruleOf, `seat ${seat} plays ${card}, not in its hand`);
    }
    // §4.3: does following bind this play?
    const first = replay ? replaced === 0 || old!.card === t.leadCard : t.slots.length === 0;
    const leadDown = t.slots.some((s) => s.card === t.leadCard && s.faceDown);
    const binds = !forced && !random && !first && !turn.newLead && !t.noLead && !leadDown;
    const holdsLead = t.leadSuit !== null && [...hand].some((c) => !this.isCrown(c) && suitOf(c) === t.leadSuit);
    const free = forced || random;
    let suit = suitOf(card);
    let num = numOf(card);
    if (turn.wild) {
      // §7.5, §12.5: any card; its declaration bound.
      const as = e.as;
      const n = e.num;
      if (typeof as !== 'string' || !this.plainSuits.includes(as))
        throw new Foul('§7.5 wildcard', `the wildcard is declared ${show(as)}, not a plain suit of the game`);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 9) throw new Foul('§7.5 wildcard', `the wildcard is declared number ${show(n)}`);
      if (!free) {
        if (binds && holdsLead && as !== t.leadSuit) throw new Foul('§7.5 wildcard', `the wildcard must be declared the leading suit ${t.leadSuit}, not ${as}`);
        if (t.size !== null && !(t.size === 'above' ? n >= 6 : n <= 4)) throw new Foul('§7.5 wildcard', `declared number ${n} breaks SIZE (${t.size} 5)`);
        if (t.parity !== null && n % 2 !== (t.parity === 'odd' ? 1 : 0)) throw new Foul('§7.5 wildcard', `declared number ${n} breaks PARITY (${t.parity})`);
      }
      suit = as;
      num = n;
    } else {
      if (e.num !== undefined) throw new Foul('§11', 'a number is declared without wildcard');
      let mustLead = false;
      if (!free) {
        const legal = this.legalCards(seat, hand, binds, holdsLead);
        mustLead = binds && holdsLead;
        if (!legal.has(card))
          throw new Foul(this.whyIllegal(seat, card, binds, holdsLead), `seat ${seat} may not play ${card} (legal: ${[...legal].sort().join(' ')})`);
      }
      if (this.isCrown(card)) {
        const as = e.as;
        if (typeof as !== 'string' || !this.plainSuits.includes(as))
          throw new Foul('NL "Black Cat variant"', `the crown is declared ${show(as)}, not a plain suit of the game`);
        if (mustLead && as !== t.leadSuit)
          throw new Foul('NL "Black Cat variant"', `a crown played while holding the leading suit must be declared ${t.leadSuit}, not ${as}`);
        suit = as;
      } else if (e.as !== undefined) throw new Foul('NL "Record vocabulary"', `only a crown is declared, not ${card}`);
    }
    hand.delete(card);
    if (forced) this.promises[seat] = null;
    const faceDown = t.blind;
    if (replay) {
      const s = old!;
      hand.add(s.card); // §7.8: the card taken back is in hand again.
      if (s.card === t.leadCard || turn.newLead) {
        t.leadSuit = suit;
        t.leadCard = card;
      }
      s.card = card;
      s.suit = suit;
      s.num = num;
      s.faceDown = faceDown;
    } else {
      t.slots.push({ seat, card, suit, num, faceDown, turn });
      if (t.slots.length === 1 || turn.newLead) {
        t.leadSuit = suit;
        t.leadCard = card;
      }
    }
    turn.card = card;
    // §7.3 new_trump, §7.18 MATCH: read from the card when played (and again on a replay, §12.3).
    for (const p of turn.trumps) if (p.kind === 'suit') p.suit = suit;
    for (const m of turn.matches) {
      m.suit = suit;
      m.active = !faceDown;
    }
  }

  /** §4.4: the chain of legal plays (plain plays; not random, forced or wildcard ones). */
  private legalCards(seat: number, hand: Set<string>, binds: boolean, holdsLead: boolean): Set<string> {
    const t = this.trick!;
    let set = [...hand];
    if (binds && holdsLead) set = set.filter((c) => this.isCrown(c) || suitOf(c) === t.leadSuit);
    const m = this.match(seat);
    if (m !== null) {
      const plainS = [...hand].filter((c) => !this.isCrown(c) && suitOf(c) === m.suit).map(numOf);
      if (plainS.length > 0) {
        const keep = m.highest ? Math.max(...plainS) : Math.min(...plainS);
        set = set.filter((c) => this.isCrown(c) || suitOf(c) !== m.suit || numOf(c) === keep);
      }
    }
    const ifPossible = (f: (c: string) => boolean): void => {
      const kept = set.filter(f);
      if (kept.length > 0) set = kept;
    };
    if (t.size !== null) ifPossible((c) => (t.size === 'above' ? numOf(c) >= 6 : numOf(c) <= 4));
    if (t.parity !== null) ifPossible((c) => numOf(c) % 2 === (t.parity === 'odd' ? 1 : 0));
    return new Set(set);
  }

  /** The rule an illegal play breaks, for the violation's citation. */
  private whyIllegal(seat: number, card: string, binds: boolean, holdsLead: boolean): string {
    const t = this.trick!;
    if (binds && holdsLead && !this.isCrown(card) && suitOf(card) !== t.leadSuit) return 'NL 3 / §4.4.2 (following)';
    const m = this.match(seat);
    if (m !== null && suitOf(card) === m.suit) return `§4.4.3 MATCH (match_suit_${m.highest ? 'highest' : 'lowest'})`;
    if (t.size !== null && !(t.size === 'above' ? numOf(card) >= 6 : numOf(card) <= 4)) return `§4.4.4 SIZE (play_${t.size}_5)`;
    return `§4.4.5 PARITY (play_${t.parity ?? 'odd/even'})`;
  }

  /** §7.18, §12.4: the MATCH binding `seat` now: the latest used whose user has played face up, unless it is `seat`'s own. */
  private match(seat: number): MatchPower | null {
    const t = this.trick!;
    for (let i = t.matches.length - 1; i >= 0; i--) {
      const m = t.matches[i]!;
      if (!m.active) continue;
      return m.user === seat ? null : m;
    }
    return null;
  }
}
