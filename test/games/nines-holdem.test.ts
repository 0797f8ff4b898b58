/**
 * Nines Hold'em (`../shared/rules/nines-holdem.md`): one test per ruling of
 * the fixed-limit betting, the button, showdown and split pots, the match,
 * the record vocabulary, hidden information, and random playouts checking the
 * invariants (chips sum to zero, card use).
 */
import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { RoundCollector } from '../../src/core/record.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, VariantError, type VariantValue } from '../../src/core/variant.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { actions, ninesHoldem as game, type NinesHoldemState, Phase, Street } from '../../src/games/nines-holdem/index.js';
import { checkInvariants } from '../../src/games/nines-holdem/invariants.js';
import { placeCards } from '../../src/games/nines-holdem/position.js';
import { randomBot } from '../../bots/random.js';
import { ninesHoldemGreedy } from '../../bots/greedy/nines-holdem.js';
import { snapshot } from '../helpers.js';

const { A_FOLD, A_CHECK, A_CALL, A_BET, A_RAISE, NUM_ACTIONS } = actions;

function fresh(given: Record<string, VariantValue> = {}, seed = 'nh', rec?: RoundCollector): NinesHoldemState {
  const v = resolveGameVariant(game, given);
  const s = game.newState(v);
  if (rec) s.recorder = rec;
  game.deal(s, createRng(seed));
  return s;
}

const BUF = new Int32Array(NUM_ACTIONS);
function legal(s: NinesHoldemState): number[] {
  return Array.from(BUF.subarray(0, game.legalActions(s, BUF)));
}

/** Applies actions in order, checking each is by the expected seat. */
function play(s: NinesHoldemState, moves: [number, number][]): void {
  for (const [seat, a] of moves) {
    expect(game.currentSeat(s), `seat to act before ${a}`).toBe(seat);
    game.apply(s, a);
  }
}

/** Replaces the cards of the current hand (`placeCards`: hole per seat, board), before any of them is seen. */
function setCards(s: NinesHoldemState, hole: number[][], board: number[]): void {
  placeCards(s, { hole, board });
}

describe('nines-holdem: "Dealing and betting"', () => {
  it('blinds 1 and 2; pre-flop the player left of the big blind acts first; the big blind has the option', () => {
    const s = fresh({ players: 4 });
    expect(s.button).toBe(0);
    expect(Array.from(s.contrib)).toEqual([0, 1, 2, 0]);
    expect(game.currentSeat(s)).toBe(3);
    expect(legal(s)).toEqual([A_FOLD, A_CALL, A_RAISE]);
    play(s, [
      [3, A_CALL],
      [0, A_CALL],
      [1, A_CALL],
    ]);
    expect(game.currentSeat(s)).toBe(2);
    expect(legal(s)).toEqual([A_CHECK, A_RAISE]);
    game.apply(s, A_CHECK);
    expect(s.street).toBe(Street.Flop);
    expect(s.shown).toBe(3);
  });

  it('"later rounds start left of the button" (skipping folded seats)', () => {
    const s = fresh({ players: 4 });
    play(s, [
      [3, A_CALL],
      [0, A_CALL],
      [1, A_FOLD],
      [2, A_CHECK],
    ]);
    expect(s.street).toBe(Street.Flop);
    expect(game.currentSeat(s)).toBe(2);
    expect(legal(s)).toEqual([A_CHECK, A_BET]);
  });

  it('"Heads-up: the button posts the small blind and acts first pre-flop, last afterwards"', () => {
    const s = fresh({ players: 2 });
    expect(Array.from(s.contrib)).toEqual([1, 2]);
    expect(game.currentSeat(s)).toBe(0);
    play(s, [
      [0, A_CALL],
      [1, A_CHECK],
    ]);
    expect(s.street).toBe(Street.Flop);
    expect(game.currentSeat(s)).toBe(1);
    play(s, [
      [1, A_CHECK],
      [0, A_CHECK],
    ]);
    expect(s.street).toBe(Street.Turn);
  });

  it('bets and raises are one big blind pre-flop and on the flop, two big blinds on the turn and river', () => {
    const s = fresh({ players: 2 });
    play(s, [
      [0, A_RAISE],
      [1, A_CALL],
    ]);
    expect(Array.from(s.contrib)).toEqual([4, 4]);
    play(s, [
      [1, A_BET],
      [0, A_CALL],
    ]);
    expect(Array.from(s.contrib)).toEqual([6, 6]);
    play(s, [
      [1, A_BET],
      [0, A_RAISE],
      [1, A_CALL],
    ]);
    expect(Array.from(s.contrib)).toEqual([14, 14]);
    play(s, [
      [1, A_CHECK],
      [0, A_BET],
    ]);
    expect(Array.from(s.contrib)).toEqual([18, 14]);
  });

  it('"at most 4 bets per betting round, the big blind counting as the first bet before the flop (so 3 raises there)"', () => {
    const s = fresh({ players: 3 });
    play(s, [
      [0, A_RAISE],
      [1, A_RAISE],
      [2, A_RAISE],
    ]);
    expect(s.bets).toBe(4);
    expect(legal(s)).toEqual([A_FOLD, A_CALL]);
    play(s, [
      [0, A_CALL],
      [1, A_CALL],
    ]);
    expect(s.street).toBe(Street.Flop);
    expect(Array.from(s.contrib)).toEqual([8, 8, 8]);
    play(s, [
      [1, A_BET],
      [2, A_RAISE],
      [0, A_RAISE],
      [1, A_RAISE],
    ]);
    expect(legal(s)).toEqual([A_FOLD, A_CALL]);
    const t = fresh({ players: 3, maxBetsPerRound: 2 });
    game.apply(t, A_RAISE);
    expect(legal(t)).toEqual([A_FOLD, A_CALL]);
  });

  it('"check only when there is nothing to call; call only when there is; bet only when no bet stands (never before the flop); fold only when facing a bet"', () => {
    const rng = createRng('legality');
    for (let g = 0; g < 200; g++) {
      const s = fresh({ players: 2 + (g % 9) }, `leg-${g}`);
      // node:assert, not expect, on this hot loop (expect costs about 10 µs a call, most of the test's time).
      for (let step = 0; !game.isTerminal(s); step++) {
        const l = legal(s);
        const where = `game ${g} step ${step}`;
        const toCall = s.currentBet - s.roundBet[s.toAct]!;
        assert.equal(l.includes(A_CHECK), toCall === 0, `${where}: check`);
        assert.equal(l.includes(A_CALL), toCall > 0, `${where}: call`);
        assert.equal(l.includes(A_FOLD), toCall > 0, `${where}: fold`);
        assert.equal(l.includes(A_BET), s.bets === 0, `${where}: bet`);
        if (s.street === Street.Preflop) assert.ok(!l.includes(A_BET), `${where}: bet before the flop`);
        assert.equal(l.includes(A_RAISE), s.bets > 0 && s.bets < s.maxBets, `${where}: raise`);
        game.apply(s, l[rng.int(l.length)]!);
      }
    }
  });

  it('"A hand ends when all but one player fold (that player takes the pot)"', () => {
    const rec = new RoundCollector();
    const s = fresh({ players: 3, hands: 1 }, 'fold', rec);
    play(s, [
      [0, A_RAISE],
      [1, A_FOLD],
      [2, A_FOLD],
    ]);
    expect(game.isTerminal(s)).toBe(true);
    expect(game.result(s)).toEqual({ scores: [3, -1, -2], winners: [0], capped: false });
    expect(rec.rounds[0]!.scores).toEqual([3, -1, -2]);
    expect(rec.rounds[0]!.showdown).toBeUndefined();
  });

  it('"Odd chips of a split pot go one each to the winners in seat order starting left of the button"', () => {
    // Button 0, SB 1 folds its 1 chip: a pot of 5 split between seats 0 and 2 (same cards); seat 2 is first left of the button.
    const s = fresh({ players: 3, hands: 1 });
    setCards(
      s,
      [
        [5, 6],
        [1, 1],
        [5, 6],
      ],
      [11, 7, 9, 2, 10],
    );
    play(s, [
      [0, A_CALL],
      [1, A_FOLD],
      [2, A_CHECK],
    ]);
    for (let k = 0; k < 6; k++) game.apply(s, A_CHECK);
    expect(game.result(s).scores).toEqual([0, -1, 1]);
    expect(game.result(s).winners).toEqual([2]);
    // With the button on seat 2 the order starts at seat 0 (folded here), then seat 1.
    const t = fresh({ players: 3, hands: 3 });
    while (t.handIndex < 2) game.apply(t, legal(t).includes(A_FOLD) ? A_FOLD : A_CHECK);
    expect(t.button).toBe(2);
    const before = Array.from(t.net);
    // Button 2: SB 0, BB 1, seat 2 acts first. Seat 2 calls, seat 0 folds (1 chip), seat 1 checks: pot 5 between 1 and 2.
    setCards(
      t,
      [
        [1, 1],
        [5, 6],
        [5, 6],
      ],
      [11, 7, 9, 2, 10],
    );
    play(t, [
      [2, A_CALL],
      [0, A_FOLD],
      [1, A_CHECK],
    ]);
    for (let k = 0; k < 6; k++) game.apply(t, A_CHECK);
    // Left of button 2: seat 0 (folded), then seat 1 gets the odd chip.
    expect(Array.from(t.net).map((x, q) => x - before[q]!)).toEqual([-1, 1, 0]);
  });

  it('"The button starts at seat 0 and moves left every hand"', () => {
    const s = fresh({ players: 4, hands: 6 });
    const buttons: number[] = [];
    let last = -1;
    while (!game.isTerminal(s)) {
      if (s.handIndex !== last) {
        buttons.push(s.button);
        last = s.handIndex;
      }
      game.apply(s, legal(s).includes(A_FOLD) ? A_FOLD : A_CHECK);
    }
    expect(buttons).toEqual([0, 1, 2, 3, 0, 1]);
  });
});

describe('nines-holdem: showdown and the match', () => {
  it('"Hand value at showdown": the seed\'s ten hands check down and K,K takes the pot; the record lists each showdown hand', () => {
    const rec = new RoundCollector();
    const s = fresh({ players: 10, hands: 1 }, 'seed', rec);
    const hole = [
      [12, 5],
      [13, 1],
      [1, 2],
      [6, 9],
      [10, 2],
      [4, 4],
      [8, 2],
      [10, 7],
      [8, 7],
      [13, 13],
    ];
    setCards(s, hole, [11, 7, 9, 2, 10]);
    while (!game.isTerminal(s)) game.apply(s, legal(s).includes(A_CALL) ? A_CALL : A_CHECK);
    const want = new Array<number>(10).fill(-2);
    want[9] = 18;
    expect(game.result(s).scores).toEqual(want);
    const showdown = rec.rounds[0]!.showdown as { seat: number; nines: number; unused: number[] }[];
    expect(showdown.map((x) => x.seat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(showdown[0]).toEqual({ seat: 0, nines: 3, unused: [12, 10, 5, 2] });
    expect(showdown[2]).toEqual({ seat: 2, nines: 3, unused: [14, 10, 4] });
    expect(showdown[8]).toEqual({ seat: 8, nines: 6, unused: [] });
    expect(showdown[9]).toEqual({ seat: 9, nines: 7, unused: [2] });
  });

  it('"Still equal: split the pot" among every best hand', () => {
    // The seed's board: 8,7 makes 6 nines with nothing unused (twice); Q,5 and K,A make 3.
    const s = fresh({ players: 4, hands: 1 });
    setCards(
      s,
      [
        [8, 7],
        [8, 7],
        [12, 5],
        [13, 1],
      ],
      [11, 7, 9, 2, 10],
    );
    while (!game.isTerminal(s)) game.apply(s, legal(s).includes(A_CALL) ? A_CALL : A_CHECK);
    const r = game.result(s);
    expect(r.scores).toEqual([2, 2, -2, -2]);
    expect(r.winners).toEqual([0, 1]);
  });

  it('"Match": hands default to P; scores are net chips (summing to zero); the winners have the most', () => {
    const rec = new RoundCollector();
    const s = fresh({ players: 5 }, 'match', rec);
    expect(s.hands).toBe(5);
    const rng = createRng('m');
    while (!game.isTerminal(s)) {
      const l = legal(s);
      game.apply(s, l[rng.int(l.length)]!);
    }
    expect(rec.rounds).toHaveLength(5);
    const r = game.result(s);
    expect(r.scores.reduce((a, b) => a + b, 0)).toBe(0);
    const sums = r.scores.map((_, q) => rec.rounds.reduce((t, round) => t + round.scores![q]!, 0));
    expect(sums).toEqual(r.scores);
    const top = Math.max(...r.scores);
    expect(r.winners).toEqual(r.scores.flatMap((x, q) => (x === top ? [q] : [])));
    expect(r.capped).toBe(false);
  });

  it('"Variant parameters": players 2..10, hands P, blinds 1/2, 4 bets; a small blind above the big blind is rejected', () => {
    expect(resolveGameVariant(game, { players: 3 })).toEqual({ players: 3, hands: 3, smallBlind: 1, bigBlind: 2, maxBetsPerRound: 4 });
    expect(() => resolveGameVariant(game, { players: 11 })).toThrow(VariantError);
    expect(() => resolveGameVariant(game, { smallBlind: 3, bigBlind: 2 })).toThrow(/smallBlind 3 is above bigBlind 2/);
    expect(game.info.scoreRate?.label).toBe('mbb/hand');
    expect(game.info.scoreRate?.scale(resolveGameVariant(game, { players: 4, bigBlind: 4 }))).toBe(1000 / 16);
    const s = fresh({ players: 2, smallBlind: 5, bigBlind: 10 });
    expect(Array.from(s.contrib)).toEqual([5, 10]);
    game.apply(s, A_RAISE);
    expect(s.contrib[0]).toBe(20);
  });
});

describe('nines-holdem: records and hidden information', () => {
  it('"Record vocabulary": deal {button, hole, board}, actions fold/check/call/bet/raise with seat, hand scores', () => {
    const rec = new RoundCollector();
    const s = fresh({ players: 3, hands: 2 }, 'vocab', rec);
    const rng = createRng('v');
    while (!game.isTerminal(s)) {
      for (const a of legal(s)) expect(game.decodeAction(s, game.encodeAction(s, a))).toBe(a);
      const l = legal(s);
      game.apply(s, l[rng.int(l.length)]!);
    }
    rec.rounds.forEach((round, h) => {
      const deal = round.deal as { button: number; hole: number[][]; board: number[] };
      expect(round.dealer).toBe(h);
      expect(deal.button).toBe(h);
      expect(deal.hole).toHaveLength(3);
      for (const x of deal.hole) expect(x).toHaveLength(2);
      expect(deal.board).toHaveLength(5);
      for (const e of round.actions) {
        expect(['fold', 'check', 'call', 'bet', 'raise']).toContain(e.type);
        expect(typeof e.seat).toBe('number');
      }
      expect(round.scores!.reduce((a, b) => a + b, 0)).toBe(0);
    });
    expect(() => game.decodeAction(fresh(), { seat: 3, type: 'shove' })).toThrow();
  });

  it('the observation holds only own hole cards and the turned board; determinization samples the rest', () => {
    const s = fresh({ players: 4 }, 'hidden');
    play(s, [
      [3, A_CALL],
      [0, A_CALL],
      [1, A_CALL],
      [2, A_CHECK],
    ]);
    const o = game.observe(s, 1, game.newObservation(s.variant));
    expect(Array.from(o.board.subarray(3))).toEqual([0, 0]);
    expect(Object.keys(o)).not.toContain('deck');
    const others = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const d = game.determinize(o, createRng(`d-${k}`), game.newState(s.variant));
      expect(snapshot(game.observe(d, 1, game.newObservation(s.variant)))).toEqual(snapshot(o));
      others.add(`${d.hole[0]},${d.hole[1]},${d.board[3]}`);
      game.checkInvariants!(d);
    }
    expect(others.size).toBeGreaterThan(10);
  });
});

describe('nines-holdem: playouts and the greedy bot', () => {
  it('random playouts keep the invariants (net chips sum to zero, cards of one deck) and end within maxDecisions', () => {
    const rng = createRng('inv');
    for (let g = 0; g < 400; g++) {
      const s = fresh({ players: 2 + (g % 9) }, `inv-${g}`);
      const bound = game.maxDecisions(s.variant);
      let steps = 0;
      while (!game.isTerminal(s)) {
        const l = legal(s);
        game.apply(s, l[rng.int(l.length)]!);
        game.checkInvariants!(s);
        steps++;
      }
      expect(steps).toBeLessThanOrEqual(bound);
      expect(s.phase).toBe(Phase.Over);
    }
  });

  it("greedy estimates one equity per seat and street, and a search's playouts (one instance, every seat, many deals) never reuse another deal's", () => {
    const v = resolveGameVariant(game, { players: 3 });
    const bot = ninesHoldemGreedy();
    const rng = createRng('cache');
    const words = new Int32Array(4);
    /** Whether asking for `seat`'s action in `s` drew from the generator (estimated its equity anew). */
    const estimates = (s: NinesHoldemState, seat: number): boolean => {
      rng.saveWords(words);
      const before = Array.from(words);
      const obs = game.observe(s, seat, game.newObservation(v));
      const l = legal(s);
      bot.act(obs, Int32Array.from(l), l.length, { seat, players: 3, variant: v, rng, model: game });
      rng.saveWords(words);
      return Array.from(words).some((w, i) => w !== before[i]);
    };
    const a = fresh({ players: 3 }, 'cache-a');
    const b = fresh({ players: 3 }, 'cache-b');
    expect(Array.from(a.hole)).not.toEqual(Array.from(b.hole));
    expect(estimates(a, 0)).toBe(true);
    expect(estimates(a, 1)).toBe(true);
    // Seat 0 again, same hand and street: its estimate is kept although seat 1 was asked in between.
    expect(estimates(a, 0)).toBe(false);
    // The same hand index and street of another deal (another determinization): estimated anew.
    expect(estimates(b, 0)).toBe(true);
    expect(estimates(a, 0)).toBe(true);
  });

  it('greedy wins chips from random players', () => {
    const v = resolveGameVariant(game, { players: 2 });
    const runner = new GameRunner(game, v);
    let chips = 0;
    const G = 300;
    for (let g = 0; g < G; g++) {
      const seat = g % 2;
      const bots = [0, 1].map((q) => (q === seat ? ninesHoldemGreedy() : randomBot.create({}, game)));
      chips += runner.play({ seed: `greedy-${g}`, bots, names: ['a', 'b'] }).result.scores[seat]!;
    }
    // mbb per hand: chips / hands / big blind x 1000 (2 hands a match heads-up).
    expect((chips / (2 * G) / 2) * 1000).toBeGreaterThan(400);
  }, 60_000);
});

describe('nines-holdem: the position builder', () => {
  it('placeCards gives a state checkInvariants accepts, the betting untouched, and the showdown reads the cards placed', () => {
    const s = fresh({ players: 3, hands: 1 });
    const before = snapshot(s) as Record<string, unknown>;
    placeCards(s, {
      hole: [
        [13, 13],
        [8, 7],
        [1, 2],
      ],
      board: [11, 7, 9, 2, 10],
    });
    checkInvariants(s);
    expect(Array.from(s.hole)).toEqual([13, 13, 8, 7, 1, 2]);
    expect(Array.from(s.board)).toEqual([11, 7, 9, 2, 10]);
    const after = snapshot(s) as Record<string, unknown>;
    for (const key of ['contrib', 'roundBet', 'currentBet', 'bets', 'toAct', 'pending', 'street', 'shown', 'button'])
      expect(after[key], key).toEqual(before[key]);
    while (!game.isTerminal(s)) game.apply(s, legal(s).includes(A_CALL) ? A_CALL : A_CHECK);
    expect(game.result(s).winners).toEqual([0]); // K,K: 7 nines with the seed's board, beating 8,7's 6
  });

  it('placeCards throws on an impossible position: a card used five times, a wrong number of hole or board cards', () => {
    const s = fresh({ players: 2 });
    expect(() =>
      placeCards(s, {
        hole: [
          [9, 9],
          [9, 9],
        ],
        board: [9, 1, 2, 3, 4],
      }),
    ).toThrow(/value 9 used more than 4 times/);
    expect(() =>
      placeCards(s, {
        hole: [
          [1, 2, 3],
          [4, 5],
        ],
        board: [6, 7, 8, 10, 11],
      }),
    ).toThrow(/seat 0 holds 3 hole cards/);
    expect(() => placeCards(s, { hole: [[1, 2]], board: [6, 7, 8, 10, 11] })).toThrow(/1 pairs of hole cards for 2 seats/);
    expect(() =>
      placeCards(s, {
        hole: [
          [1, 2],
          [4, 5],
        ],
        board: [6, 7, 8, 10],
      }),
    ).toThrow(/4 board cards/);
  });
});
