/**
 * Nine Lives with Powers: every section of `../shared/rules/nine-lives-powers.md`
 * by known answers on set positions (test names quote the section).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { RoundCollector } from '../../src/core/record.js';
import type { RecordAction } from '../../src/core/game.js';
import { replayRecord } from '../../src/core/replay.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { nineLives } from '../../src/games/nine-lives/game.js';
import { A_CARD, A_CROWN, A_GOPLAY, A_NUM, A_PLAY, A_SEAT, A_SLOT, A_SPEND, A_SUIT, crownId, NUM_ACTIONS_POWERS } from '../../src/games/nine-lives/actions.js';
import { cardName, FIRST_CROWN, NUM_CARDS, numberOf, parseCard, parseSuit, suitOf } from '../../src/games/nine-lives/cards.js';
import { NineLivesObservation, UNSEEN } from '../../src/games/nine-lives/observation.js';
import { dealPowers, NUM_POWERS, POWER_CAPS, POWER_KEYS, powerIndex } from '../../src/games/nine-lives/powers-list.js';
import { C_ROW, PW_CHOICE, powersWinner } from '../../src/games/nine-lives/powers.js';
import {
  type NineLivesState,
  Phase,
  ROW_CAPACITY,
  W_DISCARD,
  W_DOWN,
  W_HAND,
  W_OUT,
  W_PLAYED,
  W_PROMISE,
  W_ROW,
  W_SPENT,
} from '../../src/games/nine-lives/state.js';
import { checkInvariants } from '../../src/games/nine-lives/invariants.js';
import { type NineLivesPosition, placePosition } from '../../src/games/nine-lives/position.js';
import { createRng as rngOf } from '../../src/core/rng.js';
import { recordedRandomGame } from '../helpers.js';

const buf = new Int32Array(NUM_ACTIONS_POWERS);
const legal = (s: NineLivesState): number[] => Array.from(buf.subarray(0, nineLives.legalActions(s, buf)));

/** A Powers position (`placePosition`) and the table it is played at. */
type Position = NineLivesPosition & { blackCat?: boolean };

/**
 * A Powers game set to an exact position (`placePosition`): the Kittykeeper's
 * turn at a trick's start. Loose: the positions give powers to clubs at 3
 * players and deal hands of different sizes.
 */
function position(p: Position): NineLivesState {
  const s = nineLives.newState(resolveGameVariant(nineLives, { players: p.hands.length, powers: true, blackCat: p.blackCat ?? false }));
  nineLives.deal(s, createRng('pos'));
  return placePosition(s, { loose: true, ...p });
}

function act(s: NineLivesState, a: number, what: string): void {
  expect(legal(s), `${what} is legal for seat ${s.turn}`).toContain(a);
  nineLives.apply(s, a);
}
const spend = (s: NineLivesState, card: string): void => act(s, A_SPEND + parseCard(card), `spend ${card}`);
/** A play: a crown with `as` uses the crown block; otherwise the play block. */
function play(s: NineLivesState, card: string, as?: string): void {
  const c = parseCard(card);
  if (as !== undefined && s.blackCat && c >= FIRST_CROWN) act(s, crownId(numberOf(c), parseSuit(as)), `play ${card} as ${as}`);
  else act(s, A_PLAY + c, `play ${card}`);
}
const pick = (s: NineLivesState, card: string): void => act(s, A_CARD + parseCard(card), `card ${card}`);
const seat = (s: NineLivesState, q: number): void => act(s, A_SEAT + q, `seat ${q}`);
const suit = (s: NineLivesState, code: string): void => act(s, A_SUIT + parseSuit(code), `suit ${code}`);
const num = (s: NineLivesState, n: number): void => act(s, A_NUM + n - 1, `number ${n}`);
function slotOf(s: NineLivesState, card: string): number {
  const c = parseCard(card);
  for (let i = 0; i < s.trickLen; i++) if (s.slotCard[i] === c) return i;
  throw new Error(`${card} not in the trick`);
}
const row = (s: NineLivesState, card: string): void => act(s, A_SLOT + slotOf(s, card), `row ${card}`);
/** The cards (as strings) of the legal plays of the seat to act. */
function playable(s: NineLivesState): string[] {
  const out = new Set<string>();
  for (const a of legal(s)) {
    if (a >= A_PLAY && a < A_CROWN) out.add(cardName(a - A_PLAY));
    else if (a >= A_CROWN && a < A_SPEND) out.add(cardName(FIRST_CROWN + (((a - A_CROWN) / 8) | 0)));
  }
  return [...out].sort();
}
const rowOf = (s: NineLivesState, q: number): string[] => Array.from(s.rowCards.subarray(q * ROW_CAPACITY, q * ROW_CAPACITY + s.rowLen[q]!), cardName);
const at = (s: NineLivesState, w: number): string[] => {
  const out: string[] = [];
  for (let c = 0; c < NUM_CARDS; c++) if (s.where[c] === w) out.push(cardName(c));
  return out;
};
function recording(s: NineLivesState): RecordAction[] {
  const c = new RoundCollector();
  c.startRound({});
  s.recorder = c;
  return c.rounds[0]!.actions;
}

describe('nine-lives powers: 1. The power deal', () => {
  const deal = (players: number, extra: Record<string, unknown> = {}, seed = 'deal'): NineLivesState => {
    const s = nineLives.newState(resolveGameVariant(nineLives, { players, powers: true, ...(extra as Record<string, string>) }));
    nineLives.deal(s, createRng(seed));
    return s;
  };
  const keys = (s: NineLivesState): number[] => Array.from(s.powerOf).filter((k) => k >= 0);

  it('"1.1": every card 1-8 of the game carries one power, the 9s none; with Black Cat the crowns too', () => {
    for (const [players, blackCat] of [
      [4, false],
      [4, true],
      [9, false],
    ] as const) {
      const s = deal(players, { blackCat });
      for (let c = 0; c < NUM_CARDS; c++) {
        const ofGame = suitOf(c) < players || (blackCat && c >= FIRST_CROWN);
        if (!ofGame || numberOf(c) === 9) expect(s.powerOf[c], cardName(c)).toBe(-1);
        else expect(s.powerOf[c], cardName(c)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('"1.3 The quirk": with 3, 4 or 5 suits exactly the first 24, 32 or 40 powers of the list appear, once each (powerDeal=published)', () => {
    for (const [players, n] of [
      [3, 24],
      [4, 32],
      [5, 40],
    ] as const) {
      for (const seed of ['a', 'b', 'c']) {
        expect(keys(deal(players, {}, seed)).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
      }
    }
  });

  it('"1.3": powerDeal=uniform deals a random set of distinct powers (the first pass in random order)', () => {
    const sets = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd']) {
      const k = keys(deal(4, { powerDeal: 'uniform' }, seed));
      expect(new Set(k).size).toBe(32);
      sets.add(k.sort((x, y) => x - y).join(','));
    }
    expect(sets.size).toBeGreaterThan(1);
  });

  it('"1.2.5 Caps": no key is dealt more often than its cap (9 players, 72 powered cards, both deals)', () => {
    for (const powerDeal of ['published', 'uniform']) {
      for (const seed of ['a', 'b', 'c']) {
        const s = deal(9, { powerDeal }, seed);
        const count = new Array<number>(NUM_POWERS).fill(0);
        for (const k of keys(s)) count[k]!++;
        expect(keys(s)).toHaveLength(72);
        count.forEach((n, k) => expect(n, POWER_KEYS[k]).toBeLessThanOrEqual(POWER_CAPS[k]!));
        count.forEach((n, k) => expect(n, POWER_KEYS[k]).toBeGreaterThanOrEqual(1));
      }
    }
  });

  it('"1.2" follows the published generator: the shuffle, the first pass from the end of the list, the fill from the pool', () => {
    // An independent re-derivation with the same generator stream.
    const rng = createRng('gen');
    const inGame = new Uint8Array(NUM_CARDS);
    inGame.fill(1, 0, 54); // 6 suits
    const got = new Int8Array(NUM_CARDS);
    dealPowers(got, inGame, new Uint8Array(NUM_POWERS), false, rng);
    const r2 = createRng('gen');
    const list = Array.from({ length: 54 }, (_, i) => i);
    for (let i = list.length - 1; i > 0; i--) {
      const j = r2.int(i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    const cards = list.filter((c) => numberOf(c) !== 9);
    const want = new Int8Array(NUM_CARDS).fill(-1);
    const pool = Array.from({ length: NUM_POWERS }, (_, k) => k);
    const count = new Array<number>(NUM_POWERS).fill(0);
    const give = (k: number): void => {
      want[cards.pop()!] = k;
      if (++count[k]! >= POWER_CAPS[k]!) pool.splice(pool.indexOf(k), 1);
    };
    for (const k of [...pool]) if (cards.length > 0) give(k);
    while (cards.length > 0 && pool.length > 0) give(pool[r2.int(pool.length)]!);
    expect(Array.from(got)).toEqual(Array.from(want));
  });

  it('"9. Variant parameters": powersOff leaves those keys out of the deal (the others keep their caps); an unknown key is refused', () => {
    const s = deal(4, { powersOff: 'end_promise+double_trick' });
    const k = keys(s);
    expect(k).not.toContain(powerIndex('end_promise'));
    expect(k).not.toContain(powerIndex('double_trick'));
    expect(k).toHaveLength(32);
    expect(() => resolveGameVariant(nineLives, { powers: true, powersOff: 'no_such_power' })).toThrow(/powersOff/);
  });

  it('"1.4" (ruling): the assignment is public: every seat observes the power of every card', () => {
    const s = deal(5);
    for (let p = 0; p < 5; p++) expect(Array.from(nineLives.observe(s, p, new NineLivesObservation(s.variant)).powerOf)).toEqual(Array.from(s.powerOf));
  });

  it('"11. Record vocabulary": the first deal adds "powers", card to key in card-id order; later deals do not repeat it', () => {
    const rec = recordedRandomGame(nineLives as never, resolveGameVariant(nineLives, { players: 3, powers: true }), 'rec', 'bots');
    const powers = (rec.rounds[0]!.deal as Record<string, unknown>).powers as Record<string, string>;
    expect(Object.keys(powers)).toHaveLength(24);
    const ids = Object.keys(powers).map(parseCard);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    if (rec.rounds.length > 1) expect((rec.rounds[1]!.deal as Record<string, unknown>).powers).toBeUndefined();
  });
});

describe('nine-lives powers: 2. Rows, bids and the trick count', () => {
  it('"2.1": when the bids are revealed each bid card starts its owner\'s row', () => {
    const s = nineLives.newState(resolveGameVariant(nineLives, { players: 3, powers: true }));
    nineLives.deal(s, createRng('rows'));
    const bids: number[] = [];
    for (let q = 0; q < 3; q++) {
      const a = legal(s)[0]!;
      bids.push(a);
      nineLives.apply(s, a);
    }
    for (let q = 0; q < 3; q++) {
      expect(rowOf(s, q)).toEqual([cardName(bids[q]!)]);
      expect(s.where[bids[q]!]).toBe(W_ROW + q);
    }
  });

  it('"2.2": the winner picks any card of the trick for the right end of its row; the others go to the discard, face up', () => {
    const s = position({
      hands: [
        ['he9', 'he1'],
        ['he5', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1'], ['di1'], ['di2']],
    });
    play(s, 'he9');
    play(s, 'he5');
    play(s, 'he2');
    expect(s.phase).toBe(Phase.Choice);
    expect(s.pw[PW_CHOICE]).toBe(C_ROW);
    expect(s.turn).toBe(0);
    expect(legal(s)).toEqual([A_SLOT, A_SLOT + 1, A_SLOT + 2]); // own or not
    row(s, 'he2');
    expect(rowOf(s, 0)).toEqual(['sp1', 'he2']);
    expect(at(s, W_DISCARD)).toEqual(['he5', 'he9']);
    expect(s.tricksWon[0]).toBe(1);
    expect(s.keeper).toBe(0);
  });

  it('"2.3"/"2.4": the bid is the left-most card that is not a Black Cat crown; tricks are row length - 1; spending the bid moves it', () => {
    const s = position({
      blackCat: true,
      hands: [['he1'], ['he2'], ['he3']],
      rows: [['cr2', 'sp4', 'di6', 'sp2'], ['di1'], ['di2']],
      powers: { sp4: 'no_trump' },
    });
    expect(s.bid[0]).toBe(parseCard('sp4'));
    expect(s.tricksWon[0]).toBe(3);
    spend(s, 'sp4');
    expect(s.bid[0]).toBe(parseCard('di6'));
    expect(s.tricksWon[0]).toBe(2); // a spent card gives a trick back
    expect(at(s, W_SPENT)).toEqual(['sp4']);
  });

  it('"2.6" (ruling): a seat without a bid ignores nothing, gives no trump as Kittykeeper, and cannot score', () => {
    // Seat 0 (Kittykeeper) has only a crown in its row: no bid, so no trump; its hearts are not ignored.
    const s = position({
      blackCat: true,
      hands: [
        ['he8', 'he1'],
        ['he5', 'sp2'],
        ['sp9', 'sp3'],
      ],
      rows: [['cr3'], ['di1'], ['di2']],
    });
    expect(s.bid[0]).toBe(-1);
    play(s, 'he8');
    play(s, 'he5');
    play(s, 'sp9');
    expect(s.turn).toBe(0); // he8 wins: no trump, not ignored
  });

  it('"6.2" scoring: tricks (row length - 1) equal to the bid number score the bid card; a row without a bid scores nothing', () => {
    const s = position({ hands: [['he9'], ['he1'], ['he2']], rows: [['sp1'], ['di2', 'cl1'], ['di3']] });
    play(s, 'he9');
    play(s, 'he1');
    play(s, 'he2');
    row(s, 'he9'); // seat 0: sp1 bid, 1 trick -> scores 1
    // The round is over (hands empty): scored and dealt anew.
    expect(s.lives[0]).toBe(1);
    expect(s.where[parseCard('sp1')]).toBe(W_OUT);
    expect(s.lives[1]).toBe(0); // di2 needs 2 tricks, has 1
  });
});

describe('nine-lives powers: 3. Using a power', () => {
  it('"3.1": one power per trick counting all seats; a 9 never carries one; spending happens before the play, in the turn', () => {
    const s = position({
      hands: [
        ['he9', 'he1'],
        ['he5', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [
        ['sp1', 'cl2'],
        ['di1', 'cl3'],
        ['di2', 'cl4'],
      ],
      powers: { cl2: 'no_trump', cl3: 'reverse_order', cl4: 'no_ignore' },
    });
    expect(legal(s)).toContain(A_SPEND + parseCard('cl2'));
    spend(s, 'cl2');
    expect(legal(s).some((a) => a >= A_SPEND && a < A_CARD)).toBe(false); // no second power for the user
    play(s, 'he9');
    expect(legal(s).some((a) => a >= A_SPEND && a < A_CARD)).toBe(false); // nor for the next seat
  });

  it('"3.2" (ruling): choosing the play ends the turn\'s powers, there is no separate pass; the next seat may still use one', () => {
    const s = position({
      hands: [
        ['he9', 'he1'],
        ['he5', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1', 'cl3'], ['di2']],
      powers: { cl2: 'no_trump', cl3: 'no_trump' },
    });
    play(s, 'he9');
    expect(s.turn).toBe(1);
    expect(legal(s)).toContain(A_SPEND + parseCard('cl3'));
  });

  it('"3.4" (ruling): a power that cannot act is still spent, its trick lost; recorded with args {}', () => {
    const s = position({
      hands: [
        ['he9', 'he1'],
        ['he5', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'draw_new' },
    });
    const rec = recording(s);
    spend(s, 'cl2');
    expect(rec).toEqual([{ seat: 0, type: 'power', card: 'cl2', key: 'draw_new', args: {} }]);
    expect(s.tricksWon[0]).toBe(0);
    expect(s.phase).toBe(Phase.Play);
  });

  it('"3.6 The last one used overrides": RANK set by reverse_order then same_suit_order_first: first wins', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2', 'cl3'], ['di1'], ['di2']],
      powers: { cl2: 'reverse_order', cl3: 'same_suit_order_first', sp1: 'limitless_power' },
    });
    spend(s, 'sp1'); // limitless: several powers this trick
    spend(s, 'cl2');
    spend(s, 'cl3');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(0); // the first card of the leading suit
  });
});

describe('nine-lives powers: 4. A trick with powers', () => {
  it('"4.4.3 MATCH" match_suit_lowest: a later seat may play a plain card of that suit only if it is its lowest; crowns are not bound', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'he7', 'he3', 'sp2'],
        ['he2', 'sp3', 'sp4', 'sp5'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'match_suit_lowest' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    expect(playable(s)).toEqual(['he3']);
  });

  it('"4.4.4 SIZE" play_above_5 if possible; "4.4.5 PARITY" play_odd if possible (skipped when it would leave no card)', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'he7', 'he6', 'he2'],
        ['sp2', 'sp4', 'sp6', 'sp8'],
      ],
      rows: [['sp1', 'cl2', 'cl3'], ['di1'], ['di2']],
      powers: { cl2: 'play_above_5', cl3: 'play_odd', sp1: 'limitless_power' },
    });
    spend(s, 'sp1');
    spend(s, 'cl2');
    spend(s, 'cl3');
    expect(playable(s)).toEqual(['he1', 'he5']); // the user too: no card 6-9, SIZE skipped; both odd
    play(s, 'he5');
    expect(playable(s)).toEqual(['he7', 'he9']); // following hearts, 6-9, odd
    play(s, 'he9');
    expect(playable(s)).toEqual(['sp6', 'sp8']); // no hearts: any card, 6-9; PARITY would leave none: skipped
  });

  it('"4.5 Value": boost_below_5 raises 1-4 by 9, nerf_above_5 lowers 6-9 by 9; conditions read the printed number', () => {
    const s = position({
      hands: [
        ['he8', 'he1'],
        ['he3', 'sp2'],
        ['he6', 'sp3'],
      ],
      rows: [['sp1', 'cl2', 'cl3'], ['di1'], ['di2']],
      powers: { cl2: 'boost_below_5', sp1: 'limitless_power', cl3: 'nerf_above_5' },
    });
    spend(s, 'sp1');
    spend(s, 'cl2');
    play(s, 'he8');
    play(s, 'he3');
    play(s, 'he6');
    expect(s.turn).toBe(1); // he3 = 12 beats he8
  });

  it('"4.6 Ignored": the latest rule speaking about a card decides; no_ignore makes the user\'s bid suit count, for anyone', () => {
    // Seat 1 bids hearts: its he9 would be ignored; seat 0 uses no_ignore with a hearts bid too.
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['he4', 'cl2'], ['he3'], ['di2']],
      powers: { cl2: 'no_ignore' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(1);
  });

  it('"4.6": ignore_above_5 then no_ignore: the later rule decides card by card', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['he4', 'cl2', 'cl3', 'sp7'], ['di3'], ['di2']],
      powers: { sp7: 'limitless_power', cl2: 'ignore_above_5', cl3: 'no_ignore' },
    });
    spend(s, 'sp7');
    spend(s, 'cl2');
    spend(s, 'cl3'); // bid suit hearts: every heart counts again, he9 included
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(1);
  });

  it('"4.8 Ranking": a Black Cat crown turns high into low; with reverse_order it stays low (they do not cancel)', () => {
    const s = position({
      blackCat: true,
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['cr7', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'reverse_order' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'cr7', 'he');
    expect(s.turn).toBe(0); // he5 is the lowest counted heart
  });

  it('"4.9 Winner": no counted trump or leading-suit card: the seat who led wins', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['sp9', 'sp2'],
        ['di9', 'sp3'],
      ],
      rows: [['he4'], ['cl1'], ['cl2']],
    });
    play(s, 'he5'); // ignored (hearts bid)
    play(s, 'sp9');
    play(s, 'di9');
    expect(s.turn).toBe(0);
  });
});

describe('nine-lives powers: 5. The end of a trick', () => {
  it('"5.4" steal_from_trick: after the winner is found the user trades a hand card for a trick card; the winner stays', () => {
    const s = position({
      hands: [
        ['he5', 'sp7'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['di1', 'cl2'], ['di3'], ['di2']],
      powers: { cl2: 'steal_from_trick' },
    });
    const rec = recording(s);
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(0); // the stealer first
    act(s, A_SLOT + slotOf(s, 'he9'), 'take he9');
    pick(s, 'sp7');
    expect(at(s, W_HAND + 0)).toEqual(['he9']);
    expect(s.turn).toBe(1); // seat 1 still won: its row choice
    row(s, 'sp7');
    expect(rowOf(s, 1)).toEqual(['di3', 'sp7']);
    expect(rec.filter((e) => e.type === 'steal')).toEqual([{ seat: 0, type: 'steal', give: 'sp7', take: 'he9' }]);
  });

  it('"7.29 score_twice": the winner places two cards, two tricks; "7.30 score_none": no row card, still Kittykeeper', () => {
    const s = position({
      hands: [
        ['he5', 'he1', 'he3'],
        ['he9', 'sp2', 'sp4'],
        ['he2', 'sp3', 'sp5'],
      ],
      rows: [['di1', 'cl2'], ['di3', 'cl3'], ['di2']],
      powers: { cl2: 'score_twice', cl3: 'score_none' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    row(s, 'he5');
    row(s, 'he2');
    expect(rowOf(s, 1)).toEqual(['di3', 'cl3', 'he5', 'he2']);
    expect(s.tricksWon[1]).toBe(3);
    expect(s.keeper).toBe(1);
    // Next trick: seat 1 leads and uses score_none.
    spend(s, 'cl3');
    play(s, 'sp2');
    play(s, 'sp3');
    play(s, 'he1');
    expect(s.keeper).toBe(2);
    expect(s.phase).toBe(Phase.Play);
    expect(rowOf(s, 2)).toEqual(['di2']);
    expect(at(s, W_DISCARD)).toEqual(['he1', 'he9', 'sp2', 'sp3']);
  });

  it('"5.6 KEEPER": pick_start names the next Kittykeeper (recorded keeper {to}); pick_start_conditional only if its user lost', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['di1', 'cl2'], ['di3'], ['di2']],
      powers: { cl2: 'pick_start_conditional' },
    });
    const rec = recording(s);
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    row(s, 'he9');
    expect(s.turn).toBe(0);
    seat(s, 2);
    expect(s.keeper).toBe(2);
    expect(rec.at(-1)).toEqual({ seat: 0, type: 'keeper', to: 2 });
    const t = position({
      hands: [
        ['he9', 'he1'],
        ['he5', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['di1', 'cl2'], ['di3'], ['di2']],
      powers: { cl2: 'pick_start_conditional' },
    });
    spend(t, 'cl2');
    play(t, 'he9');
    play(t, 'he5');
    play(t, 'he2');
    row(t, 'he9');
    expect(t.keeper).toBe(0); // the user won: no choice
    expect(t.phase).toBe(Phase.Play);
  });

  it('"7.15 shuffle_trick": if its user wins, the trick is dealt back one card a seat (chance), uncounted; the user stays Kittykeeper', () => {
    const s = position({
      hands: [
        ['he9', 'he1'],
        ['he5', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['di1', 'di6'], ['di3'], ['di2']],
      powers: { di6: 'shuffle_trick' },
    });
    const rec = recording(s);
    spend(s, 'di6');
    play(s, 'he9');
    play(s, 'he5');
    play(s, 'he2');
    expect(s.handCount[0]).toBe(2);
    expect(s.handCount[1]).toBe(2);
    expect(s.tricksWon[0]).toBe(0);
    expect(s.keeper).toBe(0);
    const chance = rec.find((e) => e.type === 'chance')!;
    expect(chance.key).toBe('shuffle_trick');
    expect((chance.cards as string[]).slice().sort()).toEqual(['he2', 'he5', 'he9']);
    (chance.cards as string[]).forEach((c, q) => expect(s.where[parseCard(c)]).toBe(W_HAND + q));
    expect(Array.from(s.handCount)).toEqual([2, 2, 2]);
  });
});

describe('nine-lives powers: 7. The 44 powers', () => {
  const three = (powers: Record<string, string>, hands?: string[][], rows?: string[][]): NineLivesState =>
    position({
      hands: hands ?? [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: rows ?? [
        ['di7', 'cl2', 'cl3', 'cl4'],
        ['di1', 'cl5'],
        ['di2', 'cl6'],
      ],
      powers,
    });

  it('"7.1 new_lead": the user is not bound to follow and its card\'s suit leads for the rest of the trick', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2', 'sp8'],
        ['sp4', 'he3', 'he2'],
      ],
      rows: [['di1'], ['di3', 'cl2'], ['di2']],
      powers: { cl2: 'new_lead' },
    });
    play(s, 'he5');
    spend(s, 'cl2');
    expect(playable(s)).toEqual(['he9', 'sp2', 'sp8']);
    play(s, 'sp8');
    expect(playable(s)).toEqual(['sp4']); // spades lead now
    play(s, 'sp4');
    expect(s.turn).toBe(1);
  });

  it('"7.2 no_lead": nobody has to follow from the user\'s play on; the leading suit still decides', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he3', 'sp4'],
      ],
      rows: [['di1'], ['di3', 'cl2'], ['di2']],
      powers: { cl2: 'no_lead' },
    });
    play(s, 'he5');
    spend(s, 'cl2');
    expect(playable(s)).toEqual(['he9', 'sp2']);
    play(s, 'sp2');
    expect(playable(s)).toEqual(['he3', 'sp4']);
    play(s, 'sp4');
    expect(s.turn).toBe(0);
  });

  it('"7.3 new_trump": the suit the user\'s card counts as is trump; "7.41 no_trump": none', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['sp4', 'sp3'],
      ],
      rows: [['di1'], ['di3'], ['di2', 'cl2']],
      powers: { cl2: 'new_trump' },
    });
    play(s, 'he5');
    play(s, 'he9');
    spend(s, 'cl2');
    play(s, 'sp4'); // no hearts: spades, now trump
    expect(s.turn).toBe(2);
  });

  it('"7.4 new_trump_bid": the user\'s bid suit just after paying (paying with the bid card moves the bid first)', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['sp4', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['di1'], ['di3'], ['cl2', 'sp6']],
      powers: { cl2: 'new_trump_bid' },
    });
    play(s, 'he5');
    play(s, 'sp4');
    spend(s, 'cl2'); // the bid becomes sp6: spades are trump
    play(s, 'he2');
    expect(s.bid[2]).toBe(parseCard('sp6'));
    expect(s.turn).toBe(1); // seat 1's spade is trump
  });

  it('"7.5 wildcard": any hand card, declared a suit (the leading one when bound and holding it) and a number 1-9; play {card, as, num}', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he2', 'sp2'],
        ['sp4', 'sp3'],
      ],
      rows: [['di1'], ['di3', 'cl2'], ['di2']],
      powers: { cl2: 'wildcard' },
    });
    const rec = recording(s);
    play(s, 'he5');
    spend(s, 'cl2');
    expect(playable(s)).toEqual(['he2', 'sp2']);
    play(s, 'sp2');
    expect(legal(s)).toEqual([A_SUIT + 0]); // holds he2: must be hearts
    suit(s, 'he');
    num(s, 9);
    expect(rec.at(-1)).toEqual({ seat: 1, type: 'play', card: 'sp2', as: 'he', num: 9 });
    play(s, 'sp4');
    expect(s.turn).toBe(1); // a heart 9
  });

  it('"7.5 wildcard" with a random play: the drawn card is declared freely (any plain suit, any number)', () => {
    const s = three({ cl2: 'shuffle_hand_all', cl3: 'wildcard', cl4: 'limitless_power' }, [
      ['he5', 'he1'],
      ['he9', 'sp2'],
      ['he2', 'sp3'],
    ]);
    spend(s, 'cl4');
    spend(s, 'cl2');
    spend(s, 'cl3');
    const rec = recording(s);
    act(s, A_GOPLAY, 'random');
    expect(legal(s)).toEqual([A_SUIT, A_SUIT + 1, A_SUIT + 2]);
    suit(s, 'sp');
    expect(legal(s)).toHaveLength(9);
    num(s, 7);
    expect(rec.at(-1)).toMatchObject({ seat: 0, type: 'play', as: 'sp', num: 7 });
  });

  it('"7.8 force_takeback": the seat before the user takes its card back and replays, judged without it; a face-up card taken back is known', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2', 'sp8'],
        ['he2', 'sp3', 'sp4'],
      ],
      rows: [['di1'], ['di3'], ['di2', 'cl2']],
      powers: { cl2: 'force_takeback' },
    });
    const rec = recording(s);
    play(s, 'he5');
    play(s, 'he9');
    spend(s, 'cl2');
    expect(s.turn).toBe(1);
    expect(playable(s)).toEqual(['sp2', 'sp8']); // its only heart was taken back: anything
    play(s, 'sp8');
    expect(rec.at(-1)).toEqual({ seat: 1, type: 'replay', card: 'sp8' });
    expect(s.turn).toBe(2);
    const o = nineLives.observe(s, 0, new NineLivesObservation(s.variant));
    expect(o.place[parseCard('he9')]).toBe(W_HAND + 1);
    play(s, 'he2');
    expect(s.turn).toBe(0); // he5 wins
  });

  it('"7.8 force_takeback": nothing when the user plays first; replacing the card of slot 0 sets the leading suit anew', () => {
    const s = three({ cl2: 'force_takeback' }, [
      ['he5', 'sp8'],
      ['he9', 'sp2'],
      ['he2', 'sp3'],
    ]);
    spend(s, 'cl2');
    expect(s.turn).toBe(0);
    expect(s.phase).toBe(Phase.Play);
    const t = three({ cl5: 'force_takeback' }, [
      ['he5', 'sp8'],
      ['he9', 'sp2'],
      ['he2', 'sp3'],
    ]);
    play(t, 'he5');
    spend(t, 'cl5');
    expect(t.turn).toBe(0); // seat 0 replays slot 0
    play(t, 'sp8');
    expect(t.pw[0]).toBe(1); // the leading suit is spades now
    expect(playable(t)).toEqual(['sp2']);
  });

  it('"7.9 pick_start": the user names any seat at the trick\'s end, itself included, winner or not', () => {
    const s = three({ cl2: 'pick_start' });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    row(s, 'he9');
    expect(legal(s)).toEqual([A_SEAT, A_SEAT + 1, A_SEAT + 2]);
    seat(s, 0);
    expect(s.keeper).toBe(0);
  });

  it('"7.11 swap_played": a hand card for one drawn blind from the target (chance); user and target see both, the others neither', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['di4', 'sp3'],
      ],
      rows: [['di1', 'cl2'], ['di3'], ['di2']],
      powers: { cl2: 'swap_played' },
    });
    const rec = recording(s);
    spend(s, 'cl2');
    pick(s, 'he1');
    seat(s, 2);
    expect(rec[0]).toEqual({ seat: 0, type: 'power', card: 'cl2', key: 'swap_played', args: { give: 'he1', target: 2 } });
    const took = rec[1]!;
    expect(took).toMatchObject({ seat: 0, type: 'chance', key: 'swap_played' });
    const c = parseCard(took.card);
    expect(s.where[c]).toBe(W_HAND + 0);
    expect(s.where[parseCard('he1')]).toBe(W_HAND + 2);
    const view = (p: number): NineLivesObservation => nineLives.observe(s, p, new NineLivesObservation(s.variant));
    expect(view(0).place[parseCard('he1')]).toBe(W_HAND + 2);
    expect(view(2).place[c]).toBe(W_HAND + 0);
    expect(view(1).place[parseCard('he1')]).toBe(UNSEEN);
    expect(view(1).place[c]).toBe(UNSEEN);
  });

  it('"7.12 swap_hand": after its play the user swaps with another trick card; each counts for its new slot\'s seat; the lead stays', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he2', 'sp2'],
        ['he9', 'sp3'],
      ],
      rows: [['di1'], ['di3'], ['he4', 'cl2']],
      powers: { cl2: 'swap_hand' },
    });
    play(s, 'he5');
    play(s, 'he2');
    spend(s, 'cl2');
    play(s, 'he9'); // ignored for seat 2 (hearts bid)
    act(s, A_SLOT + 0, 'swap with he5');
    expect(s.slotCard[0]).toBe(parseCard('he9'));
    expect(s.slotCard[2]).toBe(parseCard('he5'));
    expect(s.turn).toBe(0); // he9 now counts for seat 0 and wins; he5 is ignored for seat 2
  });

  it('"7.12 swap_hand": nothing when no other card is in the trick', () => {
    const s = three({ cl2: 'swap_hand' });
    spend(s, 'cl2');
    play(s, 'he5');
    expect(s.turn).toBe(1);
    expect(s.phase).toBe(Phase.Play);
  });

  it('"7.13 carousel_left": each seat gives min(2, smallest hand) cards, clockwise from the user, passed at once to the left', () => {
    const s = position({
      hands: [
        ['he5', 'he1', 'he2'],
        ['he9', 'sp2', 'sp4'],
        ['di4', 'sp3', 'di5'],
      ],
      rows: [['di1'], ['di3', 'cl2'], ['di2']],
      powers: { cl2: 'carousel_left' },
    });
    const rec = recording(s);
    play(s, 'he5');
    spend(s, 'cl2');
    expect(s.turn).toBe(1);
    pick(s, 'sp2');
    pick(s, 'sp4');
    expect(s.turn).toBe(2);
    pick(s, 'di4');
    pick(s, 'di5');
    expect(s.turn).toBe(0);
    pick(s, 'he1');
    pick(s, 'he2');
    expect(rec.filter((e) => e.type === 'give')).toEqual([
      { seat: 1, type: 'give', cards: ['sp2', 'sp4'] },
      { seat: 2, type: 'give', cards: ['di4', 'di5'] },
      { seat: 0, type: 'give', cards: ['he1', 'he2'] },
    ]);
    expect(at(s, W_HAND + 2)).toEqual(['sp2', 'sp3', 'sp4']);
    expect(at(s, W_HAND + 0)).toEqual(['di4', 'di5']);
    expect(s.turn).toBe(1); // the user's turn goes on
    const o = nineLives.observe(s, 1, new NineLivesObservation(s.variant));
    expect(o.place[parseCard('sp2')]).toBe(W_HAND + 2); // the giver knows
    expect(nineLives.observe(s, 0, new NineLivesObservation(s.variant)).place[parseCard('sp2')]).toBe(UNSEEN);
  });

  it('"7.14 carousel_right": the cards pass to the right (seat q gives to seat q - 1)', () => {
    const s = three({ cl2: 'carousel_right' }, [
      ['he5', 'he1', 'he3'],
      ['he9', 'sp2', 'sp4'],
      ['he2', 'sp3', 'sp5'],
    ]);
    spend(s, 'cl2');
    for (const c of ['he1', 'he3', 'sp2', 'sp4', 'sp3', 'sp5']) pick(s, c);
    expect(at(s, W_HAND + 2)).toEqual(['he1', 'he2', 'he3']);
    expect(at(s, W_HAND + 0)).toEqual(['he5', 'sp2', 'sp4']);
  });

  it('"7.16/7.17 same_suit_order_first / last": the first (last) counted card of the winning suit wins', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'same_suit_order_last' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(2);
  });

  it('"7.19 match_suit_highest": later seats may play a card of that suit only if it is their highest', () => {
    const s = three({ cl2: 'match_suit_highest' }, [
      ['he5', 'he1'],
      ['he9', 'he3', 'he2'],
      ['sp4', 'sp3', 'sp5'],
    ]);
    spend(s, 'cl2');
    play(s, 'he5');
    expect(playable(s)).toEqual(['he9']);
  });

  it('"7.20 shuffle_hand": the user\'s play follows at once, drawn from its hand (chance then play); no more powers this turn', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2', 'cl3'], ['di1'], ['di2']],
      powers: { cl2: 'shuffle_hand', sp1: 'limitless_power' },
    });
    const rec = recording(s);
    spend(s, 'sp1');
    spend(s, 'cl2');
    expect(legal(s)).toEqual([A_GOPLAY]);
    act(s, A_GOPLAY, 'random play');
    const [chance, played] = rec.slice(-2);
    expect(chance).toMatchObject({ seat: 0, type: 'chance', key: 'shuffle_hand' });
    expect(played).toEqual({ seat: 0, type: 'play', card: chance!.card });
  });

  it('"7.21 shuffle_hand_all": every later play of the trick is random, free of every play rule; a seat may still use powers first', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['sp9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'shuffle_hand_all' },
    });
    spend(s, 'cl2');
    expect(legal(s)).toEqual([A_GOPLAY]);
    act(s, A_GOPLAY, 'random');
    expect(legal(s)).toEqual([A_GOPLAY]);
  });

  it('"7.23 play_below_5" and "7.25 play_even": SIZE 1-4 and PARITY even, each only if possible', () => {
    const s = three({ cl2: 'play_below_5', cl3: 'play_even', cl4: 'limitless_power' }, [
      ['he5', 'he1'],
      ['he9', 'he4', 'he3', 'he2'],
      ['sp4', 'sp3', 'sp5', 'sp6'],
    ]);
    spend(s, 'cl4');
    spend(s, 'cl2');
    spend(s, 'cl3');
    play(s, 'he1');
    expect(playable(s)).toEqual(['he2', 'he4']);
  });

  it('"7.26 same_suit_ignore": a card whose suit equals the slot before it is ignored (counted or not)', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'same_suit_ignore' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(0); // he9 and he2 follow a heart: ignored
  });

  it('"7.28 draw_new": take a discard card into hand, drop another, both public; the spent pile is never drawn from', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'draw_new' },
      discard: ['di9'],
    });
    const rec = recording(s);
    spend(s, 'cl2');
    expect(legal(s)).toEqual([A_CARD + parseCard('di9')]);
    pick(s, 'di9');
    pick(s, 'he1');
    expect(rec[0]).toEqual({ seat: 0, type: 'power', card: 'cl2', key: 'draw_new', args: { take: 'di9', drop: 'he1' } });
    expect(at(s, W_HAND + 0)).toEqual(['he5', 'di9']);
    expect(at(s, W_DISCARD)).toEqual(['he1']);
    expect(nineLives.observe(s, 1, new NineLivesObservation(s.variant)).place[parseCard('di9')]).toBe(W_HAND + 0);
  });

  it('"7.31 new_trump_number_1": a lone 1 sets trump (ignored cards included); two 1s: nothing', () => {
    const s = position({
      hands: [
        ['he5', 'he3'],
        ['he9', 'sp2'],
        ['sp1', 'sp3'],
      ],
      rows: [['di1', 'cl2'], ['di3'], ['di2']],
      powers: { cl2: 'new_trump_number_1' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'sp1');
    expect(s.turn).toBe(2);
  });

  it('"7.33 new_trump_number_3": two cards counting as 3 set nothing (the Kittykeeper\'s bid suit stays trump)', () => {
    const s = three({ cl2: 'new_trump_number_3' }, [
      ['he5', 'he1'],
      ['sp3', 'sp2'],
      ['di3', 'sp9'],
    ]);
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'sp3');
    play(s, 'di3'); // seat 2 bids diamonds: its di3 is ignored; trump is diamonds (seat 0's di7)
    expect(s.turn).toBe(0);
  });

  it('"7.34 limitless_power": every seat may use any number of powers this trick', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1', 'cl3', 'cl4'], ['di2']],
      powers: { cl2: 'limitless_power', cl3: 'no_trump', cl4: 'reverse_order' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    spend(s, 'cl3');
    spend(s, 'cl4');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(2); // low wins
  });

  it('"7.35 blind_play": the rest play face down, seen only by their player, turned up when the last card is played', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['di7', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'blind_play' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    expect(s.where[parseCard('he5')]).toBe(W_DOWN);
    const o1 = nineLives.observe(s, 1, new NineLivesObservation(s.variant));
    expect(o1.slotCard[0]).toBe(-1);
    expect(o1.place[parseCard('he5')]).toBe(UNSEEN);
    expect(nineLives.observe(s, 0, new NineLivesObservation(s.variant)).slotCard[0]).toBe(parseCard('he5'));
    expect(playable(s)).toEqual(['he9', 'sp2']); // a face-down lead binds no one
    play(s, 'he9');
    play(s, 'sp3');
    expect(s.where[parseCard('he5')]).toBe(W_PLAYED);
    expect(s.turn).toBe(1);
  });

  it('"7.35 blind_play": a bound face-down play that does not follow shows its void when turned up', () => {
    const s = three({ cl5: 'blind_play' }, [
      ['he5', 'he1'],
      ['sp9', 'sp2'],
      ['he2', 'sp3'],
    ]);
    play(s, 'he5');
    spend(s, 'cl5');
    play(s, 'sp9');
    const o = (p: number): NineLivesObservation => nineLives.observe(s, p, new NineLivesObservation(s.variant));
    expect(o(0).voids[1 * 9 + 0]).toBe(0);
    play(s, 'he2');
    expect(o(0).voids[1 * 9 + 0]).toBe(1);
  });

  it('"7.36 double_trick": a second lap from the Kittykeeper; the winner among 2P cards; the trick counts once', () => {
    const s = position({
      hands: [
        ['he5', 'he1', 'he4'],
        ['he9', 'sp2', 'sp5'],
        ['he2', 'sp3', 'sp6'],
      ],
      rows: [['di7', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'double_trick' },
    });
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(0); // second lap
    play(s, 'he1');
    play(s, 'sp2');
    play(s, 'sp3');
    expect(s.turn).toBe(1);
    row(s, 'he9');
    expect(s.tricksWon[1]).toBe(1);
    expect(s.handCount[0]).toBe(1);
  });

  it('"7.36"/"12.8": double_trick used in the second lap does nothing', () => {
    const s = three({ cl2: 'double_trick', cl3: 'double_trick' }, [
      ['he5', 'he1', 'he4'],
      ['he9', 'sp2', 'sp5'],
      ['he2', 'sp3', 'sp6'],
    ]);
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(0);
    play(s, 'he1');
    play(s, 'sp2');
    play(s, 'sp3');
    row(s, 'he9');
    expect(s.handCount[0]).toBe(1);
  });

  it('"7.37 reveal_suit": every seat shows its hand cards of the suit to all; they stay known while there', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'cl2'], ['di1'], ['di2']],
      powers: { cl2: 'reveal_suit' },
    });
    const rec = recording(s);
    spend(s, 'cl2');
    suit(s, 'sp');
    expect(rec[0]).toEqual({ seat: 0, type: 'power', card: 'cl2', key: 'reveal_suit', args: { suit: 'sp' } });
    const o = nineLives.observe(s, 0, new NineLivesObservation(s.variant));
    expect(o.place[parseCard('sp2')]).toBe(W_HAND + 1);
    expect(o.place[parseCard('sp3')]).toBe(W_HAND + 2);
    expect(o.place[parseCard('he9')]).toBe(UNSEEN);
  });

  it('"7.38 reveal_number": every seat shows its hand cards of that number', () => {
    const s = three({ cl2: 'reveal_number' });
    spend(s, 'cl2');
    num(s, 2);
    const o = nineLives.observe(s, 0, new NineLivesObservation(s.variant));
    expect(o.place[parseCard('sp2')]).toBe(W_HAND + 1);
    expect(o.place[parseCard('he2')]).toBe(W_HAND + 2);
    expect(o.place[parseCard('he9')]).toBe(UNSEEN);
  });

  it('"7.40 ignore_below_5": cards counting as 1-4 do not count', () => {
    const s = three({ cl2: 'ignore_below_5' }, [
      ['he3', 'he1'],
      ['he2', 'sp2'],
      ['sp9', 'sp3'],
    ]);
    spend(s, 'cl2');
    play(s, 'he3');
    play(s, 'he2');
    play(s, 'sp9');
    expect(s.turn).toBe(0); // nothing counts: the seat who led
  });

  it('"7.41 no_trump": the trick is played without trump', () => {
    const s = three(
      { cl5: 'no_trump' },
      [
        ['he5', 'he1'],
        ['sp9', 'di9'],
        ['di8', 'sp3'],
      ],
      [['sp7', 'cl2'], ['he4', 'cl5'], ['he6']],
    );
    play(s, 'he5');
    spend(s, 'cl5');
    play(s, 'sp9'); // spades would be trump (seat 0's bid)
    play(s, 'di8');
    expect(s.turn).toBe(0);
  });

  it('"7.43 nerf_above_5": cards counting as 6-9 take the values -3 to 0', () => {
    const s = three({ cl2: 'nerf_above_5' }, [
      ['he5', 'he1'],
      ['he9', 'sp2'],
      ['he2', 'sp3'],
    ]);
    spend(s, 'cl2');
    play(s, 'he5');
    play(s, 'he9');
    play(s, 'he2');
    expect(s.turn).toBe(0); // 5 > 2 > 0
  });

  it('"7.44 end_promise": each seat sets a card aside; once hands are empty the promise trick is played with the promises (forced)', () => {
    const s = position({
      hands: [
        ['he5', 'he1', 'he3'],
        ['he9', 'sp2', 'sp4'],
        ['he2', 'sp3', 'sp5'],
      ],
      rows: [['sp1', 'di6'], ['di1'], ['di2']],
      powers: { di6: 'end_promise' },
    });
    spend(s, 'di6');
    pick(s, 'he3');
    pick(s, 'sp4');
    pick(s, 'sp5');
    expect(at(s, W_PROMISE + 1)).toEqual(['sp4']);
    expect(nineLives.observe(s, 0, new NineLivesObservation(s.variant)).place[parseCard('sp4')]).toBe(UNSEEN);
    for (const c of [
      ['he5', 'he9', 'he2'],
      ['he1', 'sp2', 'sp3'],
    ]) {
      const k = s.keeper;
      for (let i = 0; i < 3; i++) {
        const q = (k + i) % 3;
        play(s, c.find((x) => s.where[parseCard(x)] === W_HAND + q)!);
      }
      row(s, cardName(s.slotCard[0]!));
    }
    // Hands are empty: the promise trick.
    expect(Array.from(s.handCount)).toEqual([0, 0, 0]);
    expect(playable(s)).toEqual([cardName(Array.from(s.where).findIndex((w) => w === W_PROMISE + s.turn))]);
  });

  it('"7.44 end_promise": nothing unless every seat still to play holds 2+ cards and every other 1+', () => {
    const t = three({ cl5: 'end_promise' }, [['he5'], ['he9'], ['he2']]);
    play(t, 'he5');
    spend(t, 'cl5');
    expect(t.phase).toBe(Phase.Play);
    expect(at(t, W_PROMISE + 1)).toEqual([]);
  });
});

describe('nine-lives powers: 10. Hidden information', () => {
  it('"10" Shown voids: a bound seat that does not follow shows a void; an observer forgets it when the seat gets a card unseen', () => {
    const s = position({
      hands: [
        ['he5', 'he1', 'he2'],
        ['sp9', 'sp2', 'sp4'],
        ['di4', 'sp3', 'di5'],
      ],
      rows: [['di1'], ['di3'], ['di2', 'cl2']],
      powers: { cl2: 'carousel_right' },
    });
    play(s, 'he5');
    play(s, 'sp9');
    const o = (p: number): NineLivesObservation => nineLives.observe(s, p, new NineLivesObservation(s.variant));
    expect(o(2).voids[1 * 9 + 0]).toBe(1);
    spend(s, 'cl2');
    pick(s, 'di4');
    pick(s, 'di5');
    pick(s, 'he1');
    pick(s, 'he2');
    pick(s, 'sp2');
    pick(s, 'sp4');
    // Seat 1 received from seat 2 (right: seat 2 passes to seat 1): seat 2 saw it, seat 0 did not.
    expect(o(2).voids[1 * 9 + 0]).toBe(1);
    expect(o(0).voids[1 * 9 + 0]).toBe(0);
  });
});

describe('nine-lives powers: 11. Records and replay; 8. Termination; invariants', () => {
  it('"11": records of random games replay exactly, at every table size, with and without Black Cat; invariants hold throughout', () => {
    for (let players = 3; players <= 9; players++) {
      for (const blackCat of players <= 8 ? [false, true] : [false]) {
        const v = resolveGameVariant(nineLives, { players, blackCat, powers: true });
        const rec = recordedRandomGame(nineLives as never, v, `r${players}${blackCat}`, 'b');
        expect(JSON.stringify(replayRecord(nineLives as never, JSON.parse(JSON.stringify(rec))))).toBe(JSON.stringify(rec));
        const s = nineLives.newState(v);
        nineLives.deal(s, createRng(`i${players}`));
        const r = rngOf('moves');
        while (!nineLives.isTerminal(s)) {
          const l = legal(s);
          nineLives.apply(s, l[r.int(l.length)]!);
          checkInvariants(s);
        }
      }
    }
  });

  it('"8.2": a round dealt h cards has at most h + 1 tricks; hands are equal at the start of every trick (checkInvariants)', () => {
    const s = nineLives.newState(resolveGameVariant(nineLives, { players: 4, powers: true, powerDeal: 'uniform' }));
    nineLives.deal(s, createRng('terminate'));
    const r = rngOf('t');
    let tricks = 0;
    let round = 0;
    while (!nineLives.isTerminal(s)) {
      if (s.round !== round) {
        round = s.round;
        tricks = 0;
      }
      const before = s.keeper;
      const l = legal(s);
      const a = l[r.int(l.length)]!;
      const wasRow = s.phase === Phase.Choice && s.pw[PW_CHOICE] === C_ROW;
      nineLives.apply(s, a);
      if (wasRow || before !== s.keeper) tricks++;
      expect(tricks).toBeLessThanOrEqual(2 * (s.handSize + 1));
    }
  });

  it('checkInvariants catches a card lost from a row', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1', 'di6'], ['di1'], ['di2']],
    });
    s.rowCards[1] = parseCard('he1');
    expect(() => checkInvariants(s)).toThrow(/row/);
  });

  it('placePosition gives a Powers state checkInvariants accepts (rows, bids and powers set) when it lists every card', () => {
    const s = nineLives.newState(resolveGameVariant(nineLives, { players: 3, powers: true }));
    nineLives.deal(s, createRng('pos'));
    const suit = (x: string): string[] => Array.from({ length: 8 }, (_, i) => `${x}${i + 1}`);
    placePosition(s, {
      hands: [suit('he'), suit('sp'), suit('di')],
      rows: [['he9'], ['sp9'], ['di9']],
      powers: { he1: 'no_trump', sp2: 'new_lead' },
      keeper: 1,
    });
    checkInvariants(s);
    expect([s.handSize, s.turn, s.bid[0], s.tricksWon[0]]).toEqual([9, 1, parseCard('he9'), 0]);
    expect(Array.from(s.powerOf).filter((k) => k >= 0)).toHaveLength(2);
    const r = rngOf('placed');
    while (s.round === 0) {
      const l = legal(s);
      nineLives.apply(s, l[r.int(l.length)]!);
      checkInvariants(s);
    }
  });

  it('placePosition throws on an impossible Powers position: a card listed twice, hands of different sizes, a 9 with a power, bids outside the rows', () => {
    const s = nineLives.newState(resolveGameVariant(nineLives, { players: 3, powers: true }));
    nineLives.deal(s, createRng('pos'));
    const rows = [['he9'], ['sp9'], ['di9']];
    expect(() => placePosition(s, { hands: [['he1'], ['sp1'], ['he1']], rows })).toThrow(/he1 is listed twice/);
    expect(() => placePosition(s, { hands: [['he1', 'he2'], ['sp1'], ['di1']], rows })).toThrow(/hands of 2, 1, 1 cards/);
    expect(() => placePosition(s, { hands: [['he1'], ['sp1'], ['di1']], rows, powers: { di9: 'no_trump' } })).toThrow(/di9 is a 9/);
    expect(() => placePosition(s, { hands: [['he1'], ['sp1'], ['di1']], bids: ['he9', 'sp9', 'di9'] })).toThrow(/in the rows/);
  });

  it('powersWinner is the winner the trick end uses (a pure reading of slots, events and rows)', () => {
    const s = position({
      hands: [
        ['he5', 'he1'],
        ['he9', 'sp2'],
        ['he2', 'sp3'],
      ],
      rows: [['sp1'], ['di1'], ['di2']],
    });
    play(s, 'he5');
    play(s, 'he9');
    expect(powersWinner(s)).toBe(1);
  });
});

describe('nine-lives powers: the greedy bot', () => {
  it('greedy with Powers beats random players clearly (4 players, greedy rotating through the seats)', async () => {
    const { GameRunner } = await import('../../src/core/game-runner.js');
    const { randomBot } = await import('../../bots/random.js');
    const { nineLivesGreedy } = await import('../../bots/greedy/nine-lives.js');
    const v = resolveGameVariant(nineLives, { players: 4, powers: true });
    const runner = new GameRunner(nineLives, v);
    let share = 0;
    const games = 40;
    for (let g = 0; g < games; g++) {
      const seatOf = g % 4;
      const bots = Array.from({ length: 4 }, (_, i) => (i === seatOf ? nineLivesGreedy() : randomBot.create({}, nineLives as never)));
      const out = runner.play({ seed: `greedy-${g}`, bots, names: bots.map(() => 'b') });
      if (out.result.winners.includes(seatOf)) share += 1 / out.result.winners.length;
    }
    expect(share / games).toBeGreaterThan(0.6);
  });
});

describe('nine-lives powers: statistics from records', () => {
  it('nineLivesStatsFromRecord reads a Powers record as nineLivesStats reads the final state', async () => {
    const { nineLivesStats, nineLivesStatsFromRecord } = await import('../../src/games/nine-lives/stats.js');
    const v = resolveGameVariant(nineLives, { players: 4, powers: true });
    const s = nineLives.newState(v);
    const c = new RoundCollector();
    s.recorder = c;
    nineLives.deal(s, createRng('stats'));
    const r = rngOf('stats-bots');
    while (!nineLives.isTerminal(s)) {
      const l = legal(s);
      nineLives.apply(s, l[r.int(l.length)]!);
    }
    const rec = { game: 'nine-lives', variant: v, seed: 'stats', seats: [], rounds: c.rounds, result: { scores: [], winners: [], capped: false } };
    expect(nineLivesStatsFromRecord(rec)).toEqual(nineLivesStats(s));
  });
});

describe('nine-lives powers: state copies and determinization', () => {
  const plain = (s: NineLivesState): string =>
    // `deck` is the deal's scratch (not state; the base copy leaves it too).
    JSON.stringify(s, (k, v: unknown) =>
      k === 'rng' || k === 'recorder' || k === 'deck' ? undefined : ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v,
    );

  it('clone copies every Powers field (rows, slots, events, the public block, voids, seen cards, the decode queue)', () => {
    const v = resolveGameVariant(nineLives, { players: 4, powers: true, blackCat: true });
    const r = rngOf('clone-all');
    for (let g = 0; g < 20; g++) {
      const s = nineLives.newState(v);
      nineLives.deal(s, createRng(`clone-all-${g}`));
      for (let i = r.int(400); i > 0 && !nineLives.isTerminal(s); i--) {
        const l = legal(s);
        nineLives.apply(s, l[r.int(l.length)]!);
      }
      const c = nineLives.clone(s);
      expect(plain(c)).toBe(plain(s));
      const into = nineLives.newState(v);
      nineLives.clone(s, into);
      expect(plain(into)).toBe(plain(s));
    }
  });

  it('"10": determinization keeps known cards where they are and deals no other seat a suit it has shown void', () => {
    const s = position({
      hands: [
        ['he5', 'he1', 'he2'],
        ['sp9', 'sp2', 'sp4'],
        ['di4', 'he3', 'di5'],
      ],
      rows: [['di1', 'cl2'], ['di3'], ['di2']],
      powers: { cl2: 'reveal_suit' },
    });
    spend(s, 'cl2');
    suit(s, 'di');
    play(s, 'he5');
    play(s, 'sp9'); // seat 1 shows a hearts void
    const o = nineLives.observe(s, 2, new NineLivesObservation(s.variant));
    for (let k = 0; k < 30; k++) {
      const d = nineLives.determinize(o, createRng(`void-${k}`), nineLives.newState(s.variant));
      for (let c = 0; c < NUM_CARDS; c++) if (d.where[c] === W_HAND + 1) expect(suitOf(c), cardName(c)).not.toBe(0);
      expect(d.where[parseCard('di4')]).toBe(W_HAND + 2);
    }
    const o0 = nineLives.observe(s, 0, new NineLivesObservation(s.variant));
    for (let k = 0; k < 10; k++) {
      const d = nineLives.determinize(o0, createRng(`known-${k}`), nineLives.newState(s.variant));
      expect(d.where[parseCard('di4')]).toBe(W_HAND + 2); // shown by reveal_suit
      expect(d.where[parseCard('di5')]).toBe(W_HAND + 2);
    }
  });
});
