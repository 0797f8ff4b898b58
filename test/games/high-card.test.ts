/**
 * Known answers of the High Card fixture (`test/fixtures/games/high-card/`):
 * its rulings, records and invariants, the `threshold` bot, and the exact win
 * shares of `exactWinRate` against Monte Carlo play.
 */
import { describe, expect, it } from 'vitest';
import { createBot, parseLineup } from '../../bots/index.js';
import type { Bot } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { RoundCollector } from '../../src/core/record.js';
import { getGame } from '../../src/core/registry.js';
import { createRng, Rng } from '../../src/core/rng.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { actions, highCard, HighCardObservation, type HighCardState } from '../fixtures/games/high-card/index.js';
import { botSpec, exactWinRate, finalCardDistribution, register, THRESHOLD, type HighCardBot } from '../fixtures/high-card.js';

const { A_REDRAW, A_STAND, RANKS } = actions;
/** The registered game (type-erased, as the harness holds it). */
const registered = register();

/** A dealt 4-seat (or `players`-seat) game with the given cards. */
function withCards(cards: number[], seed = 'hc'): HighCardState {
  const s = highCard.newState(resolveGameVariant(highCard, { players: cards.length }));
  highCard.deal(s, createRng(seed));
  s.cards.set(cards);
  return s;
}

describe('high-card rules', () => {
  it('register() is idempotent and returns the registered game', () => {
    expect(registered).toBe(getGame('high-card'));
    expect(register()).toBe(registered);
  });

  it('the highest final card wins; ties share the win; the scores are the final cards', () => {
    const s = withCards([7, 3, 7, 5]);
    for (let q = 0; q < 4; q++) highCard.apply(s, A_STAND);
    expect(highCard.isTerminal(s)).toBe(true);
    expect(highCard.result(s)).toEqual({ scores: [7, 3, 7, 5], winners: [0, 2], capped: false });
    const t = withCards([0, 8]);
    highCard.apply(t, A_STAND);
    highCard.apply(t, A_STAND);
    expect(highCard.result(t).winners).toEqual([1]);
  });

  it('seats act once each from seat 0; a redraw takes the next draw of the game generator', () => {
    const s = withCards([2, 2, 2]);
    const twin = new Rng().copyFrom(s.rng);
    const legal = new Int32Array(2);
    expect(highCard.currentSeat(s)).toBe(0);
    expect(highCard.legalActions(s, legal)).toBe(2);
    expect(Array.from(legal)).toEqual([A_STAND, A_REDRAW]);
    highCard.apply(s, A_REDRAW);
    expect(s.cards[0]).toBe(twin.int(RANKS));
    expect(highCard.currentSeat(s)).toBe(1);
    highCard.apply(s, A_STAND);
    highCard.apply(s, A_REDRAW);
    expect(s.cards[2]).toBe(twin.int(RANKS));
    expect(Array.from(s.redrew)).toEqual([1, 0, 1]);
    expect(highCard.currentSeat(s)).toBe(-1);
    expect(highCard.legalActions(s, legal)).toBe(0);
    expect(() => highCard.apply(s, A_STAND)).toThrow(/over/);
  });

  it('the deal draws each seat a uniform card: every value near 1/9 over many deals', () => {
    const counts = new Array<number>(RANKS).fill(0);
    const s = highCard.newState(resolveGameVariant(highCard, { players: 6 }));
    const rng = createRng('uniform');
    for (let g = 0; g < 3000; g++) {
      highCard.deal(s, rng);
      for (const c of s.cards) counts[c]!++;
    }
    // 18000 cards: 2000 expected per value, standard deviation ~42.
    for (const n of counts) expect(Math.abs(n - 2000)).toBeLessThan(200);
  });

  it("a seat observes its own card, the turn and who redrew — never another seat's card", () => {
    const s = withCards([1, 6, 8, 4]);
    highCard.apply(s, A_REDRAW);
    const o = highCard.observe(s, 2, highCard.newObservation(s.variant)) as HighCardObservation;
    expect(o).toBeInstanceOf(HighCardObservation);
    expect({ seat: o.seat, card: o.card, turn: o.turn, redrew: Array.from(o.redrew) }).toEqual({ seat: 2, card: 8, turn: 1, redrew: [1, 0, 0, 0] });
    expect(Object.keys(o).sort()).toEqual(['card', 'players', 'redrew', 'seat', 'turn']);
  });

  it("a record lists the deal, each decision, each redraw's card and the scores", () => {
    const s = highCard.newState(resolveGameVariant(highCard, { players: 2 }));
    const c = new RoundCollector();
    s.recorder = c;
    highCard.deal(s, createRng('rec'));
    const dealt = Array.from(s.cards);
    highCard.apply(s, A_REDRAW);
    highCard.apply(s, A_STAND);
    expect(c.rounds).toEqual([
      {
        deal: { cards: dealt },
        actions: [
          { seat: 0, type: 'redraw' },
          { seat: 0, type: 'draw', card: s.cards[0] },
          { seat: 1, type: 'stand' },
        ],
        scores: Array.from(s.cards),
      },
    ]);
  });

  it('decodeAction rejects a seat out of turn and an unknown type, and passes over draws', () => {
    const s = withCards([1, 2]);
    expect(highCard.decodeAction(s, { seat: 0, type: 'draw', card: 3 })).toBeNull();
    expect(highCard.decodeAction(s, { seat: 0, type: 'redraw' })).toBe(A_REDRAW);
    expect(() => highCard.decodeAction(s, { seat: 1, type: 'stand' })).toThrow(/seat 0 decides/);
    expect(() => highCard.decodeAction(s, { seat: 0, type: 'fold' })).toThrow(/unknown action type/);
  });

  it('checkInvariants holds at every step of random games and names a broken state', () => {
    const variant = resolveGameVariant(highCard, { players: 5 });
    const rng = createRng('inv');
    for (let g = 0; g < 200; g++) {
      const s = highCard.newState(variant);
      highCard.deal(s, createRng(`inv-${g}`));
      highCard.checkInvariants!(s);
      while (!highCard.isTerminal(s)) {
        highCard.apply(s, rng.int(2));
        highCard.checkInvariants!(s);
      }
    }
    const s = withCards([3, 3]);
    s.redrew[1] = 1;
    expect(() => highCard.checkInvariants!(s)).toThrow(/seat 1 redrew before its turn/);
    const t = withCards([3, 9]);
    expect(() => highCard.checkInvariants!(t)).toThrow(/card 9/);
    const u = withCards([3, 5]);
    highCard.apply(u, A_STAND);
    highCard.apply(u, A_STAND);
    u.winners = [0];
    expect(() => highCard.checkInvariants!(u)).toThrow(/winners/);
  });
});

/**
 * The fixture's bots, in this process: the threshold bot as the registered
 * trusted kind `high-card-threshold`, random from the registry.
 */
async function fixtureBots(): Promise<Record<HighCardBot, Bot>> {
  const specs = parseLineup(`${botSpec('threshold')},${botSpec('random')}`);
  return { threshold: createBot(specs[0]!, registered), random: createBot(specs[1]!, registered) };
}

describe('high-card tensor (README.md, "Observation tensor")', () => {
  it('is seat-relative: each seat sees its own card, and the turn, the seats that acted and the redraws from its own seat on', () => {
    const s = withCards([7, 3, 0, 5]);
    highCard.apply(s, A_REDRAW);
    const v = s.variant;
    const tensorOf = (seat: number): number[] => {
      const into = new Float32Array(highCard.tensor!.size(v));
      highCard.tensor!.write(highCard.observe(s, seat, new HighCardObservation(v)), v, into);
      return Array.from(into);
    };
    const hot = (n: number, i: number): number[] => Array.from({ length: n }, (_, k) => (k === i ? 1 : 0));
    // Seat 1 to act; seat 0 redrew. Seat 2 sees seat 1 at offset 3 and seat 0 at offset 2.
    expect(highCard.tensor!.size(v)).toBe(21);
    expect(tensorOf(2)).toEqual([...hot(RANKS, 0), ...hot(4, 3), 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(tensorOf(1)).toEqual([...hot(RANKS, 3), ...hot(4, 0), 0, 0, 0, 1, 0, 0, 0, 1]);
  });
});

describe('high-card bots', () => {
  it(`threshold redraws exactly below ${THRESHOLD} and draws no random numbers`, async () => {
    const { threshold } = await fixtureBots();
    const variant = resolveGameVariant(highCard, {});
    const o = highCard.newObservation(variant);
    const legal = Int32Array.from([A_STAND, A_REDRAW]);
    const noRandom = new Proxy(new Rng('x'), {
      get() {
        throw new Error('the threshold bot drew a random number');
      },
    });
    const ctx = { seat: 0, players: 4, variant, rng: noRandom, model: registered };
    for (let c = 0; c < RANKS; c++) {
      o.card = c;
      expect(threshold.act(o, legal, 2, ctx)).toBe(c < THRESHOLD ? A_REDRAW : A_STAND);
    }
  });
});

/** Win shares per line-up entry over `games` games played with the bare game API, entry i at seat i. */
function monteCarlo(kinds: HighCardBot[], games: number, seed: string): number[] {
  const variant = resolveGameVariant(highCard, { players: kinds.length });
  const s = highCard.newState(variant);
  const chance = createRng(`${seed}/chance`);
  const choice = createRng(`${seed}/bots`);
  const wins = new Array<number>(kinds.length).fill(0);
  for (let g = 0; g < games; g++) {
    highCard.deal(s, chance);
    while (!highCard.isTerminal(s)) {
      const q = highCard.currentSeat(s);
      const redraw = kinds[q] === 'threshold' ? s.cards[q]! < THRESHOLD : choice.int(2) === 1;
      highCard.apply(s, redraw ? A_REDRAW : A_STAND);
    }
    const w = highCard.result(s).winners;
    for (const q of w) wins[q]! += 1 / w.length;
  }
  return wins.map((x) => x / games);
}

describe('exactWinRate', () => {
  it('all-threshold and all-random line-ups give 1/P to every entry (P = 2..6); shares always sum to 1', () => {
    for (let P = 2; P <= 6; P++) {
      for (const kind of ['threshold', 'random'] as const) {
        for (const r of exactWinRate(new Array<HighCardBot>(P).fill(kind))) expect(r).toBeCloseTo(1 / P, 12);
      }
    }
    const mixed = exactWinRate(['threshold', 'random', 'threshold', 'random', 'random']);
    expect(mixed.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(mixed[0]).toBeCloseTo(mixed[2]!, 12);
    expect(() => exactWinRate(['random'])).toThrow(RangeError);
  });

  it('the final-card distributions: threshold 14/81 on 5..8 and 5/81 on 0..4; random uniform', () => {
    const t = finalCardDistribution('threshold');
    for (let c = 0; c < RANKS; c++) expect(t[c]).toBeCloseTo(c >= 5 ? 14 / 81 : 5 / 81, 15);
    expect(finalCardDistribution('random')).toEqual(new Array<number>(RANKS).fill(1 / 9));
  });

  it('two seats: equals the closed form sum_c a(c) (B(< c) + b(c) / 2)', () => {
    const a = finalCardDistribution('threshold');
    const b = finalCardDistribution('random');
    let want = 0;
    let below = 0;
    for (let c = 0; c < RANKS; c++) {
      want += a[c]! * (below + b[c]! / 2);
      below += b[c]!;
    }
    const [x, y] = exactWinRate(['threshold', 'random']);
    expect(x).toBeCloseTo(want, 12);
    expect(y).toBeCloseTo(1 - want, 12);
    expect(x).toBeGreaterThan(0.5);
  });

  it('agrees with Monte Carlo play of the bare game (40,000 games per line-up, within 4.5 standard errors)', () => {
    const lineups: HighCardBot[][] = [
      ['threshold', 'random', 'random', 'random'],
      ['threshold', 'threshold', 'random', 'random'],
      ['random', 'threshold', 'random'],
    ];
    const N = 40_000;
    for (const kinds of lineups) {
      const exact = exactWinRate(kinds);
      const mc = monteCarlo(kinds, N, kinds.join('-'));
      kinds.forEach((_, i) => {
        const se = Math.sqrt((exact[i]! * (1 - exact[i]!)) / N);
        expect(Math.abs(mc[i]! - exact[i]!), `${kinds.join(',')} entry ${i}`).toBeLessThan(4.5 * se);
      });
    }
  });

  it('agrees with the game runner playing the fixture bots (threshold from its file, built-in random), every rotation', async () => {
    const bots = await fixtureBots();
    const kinds: HighCardBot[] = ['threshold', 'random', 'random', 'random'];
    const P = kinds.length;
    const runner = new GameRunner(highCard, resolveGameVariant(highCard, { players: P }));
    const wins = new Array<number>(P).fill(0);
    const deals = 5000;
    for (let d = 0; d < deals; d++) {
      for (let k = 0; k < P; k++) {
        // Rotation k: entry i sits at seat (i + k) % P.
        const entryAt = (seat: number): number => (seat - k + P) % P;
        const seats = Array.from({ length: P }, (_, q) => bots[kinds[entryAt(q)]!]);
        const o = runner.play({ seed: `mr:${d}`, rotation: k, bots: seats, names: seats.map((_, q) => kinds[entryAt(q)]!) });
        for (const q of o.result.winners) wins[entryAt(q)]! += 1 / o.result.winners.length;
      }
    }
    const exact = exactWinRate(kinds);
    // 20,000 games; the rotations of a deal share its cards, so allow a wide margin (0.02 ~ 5-6 SE).
    for (let i = 0; i < P; i++) expect(Math.abs(wins[i]! / (deals * P) - exact[i]!)).toBeLessThan(0.02);
  });
});
