/**
 * Determinization, as the search bots use it, for every registered game:
 * sampled states agree with the observation, never depend on what the seat
 * cannot see, and (Captain's Orders, by chi-square tests) deal the unseen
 * cards uniformly.
 */
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import { describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/core/bot.js';
import type { GameStateBase } from '../../src/core/game.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { gameIds, getGame, type AnyGame } from '../../src/core/registry.js';
import { resolveGameVariant, type Variant } from '../../src/core/variant.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { type CaptainsOrdersObservation, Phase } from '../../src/games/captains-orders/index.js';
import type { CaptainsOrdersState } from '../../src/games/captains-orders/state.js';
import { snapshot, suiteVariants } from '../helpers.js';

/** Plain data of a whole state (typed arrays as arrays), without its generator and recorder. */
function stateSnapshot(s: GameStateBase): string {
  return JSON.stringify(s, (k, v: unknown) => {
    if (k === 'rng' || k === 'recorder') return undefined;
    return ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v;
  });
}

/**
 * Non-terminal positions of random games: every `stride`-th decision of
 * `games` games, each with the seat to act.
 */
function positions(game: AnyGame, variant: Variant, games: number, stride: number): { s: GameStateBase; seat: number }[] {
  const out: { s: GameStateBase; seat: number }[] = [];
  const buf = new Int32Array(game.numDistinctActions(variant));
  for (let g = 0; g < games; g++) {
    const s = game.newState(variant);
    game.deal(s, createRng(`det-deal-${g}`));
    const rng = createRng(`det-play-${g}`);
    for (let step = 0; !game.isTerminal(s); step++) {
      if (step % stride === g % stride) out.push({ s: game.clone(s), seat: game.currentSeat(s) });
      const n = game.legalActions(s, buf);
      game.apply(s, buf[rng.int(n)]!);
    }
  }
  return out;
}

function context(game: AnyGame, variant: Variant, seat: number, rng: Rng): BotContext {
  return { seat, players: Number(variant.players), variant, rng, model: game };
}

for (const id of gameIds())
  for (const extra of suiteVariants(id)) {
    const game = getGame(id);
    const variant = resolveGameVariant(game, extra.given);
    const P = Number(variant.players);

    describe(`determinization: ${id}${extra.label}`, () => {
      it('sampled states agree with the observation: observe(determinize(o), p) deep-equals o, for every seat', () => {
        const obs = game.newObservation(variant);
        const back = game.newObservation(variant);
        const into = game.newState(variant);
        const rng = createRng('agree');
        let checked = 0;
        for (const { s } of positions(game, variant, 12, 5)) {
          for (let p = 0; p < P; p++) {
            game.observe(s, p, obs);
            const want = JSON.stringify(snapshot(obs));
            for (let k = 0; k < 3; k++) {
              game.determinize(obs, rng, into);
              const got = JSON.stringify(snapshot(game.observe(into, p, back)));
              if (got !== want) expect(got, `${id}: seat ${p}, sample ${k}`).toBe(want);
              checked++;
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
      });

      it('sampled states never depend on hidden cards: two real states one seat cannot tell apart give the same samples', () => {
        const obs = game.newObservation(variant);
        let differing = 0;
        let n = 0;
        for (const { s: a, seat } of positions(game, variant, 8, 7)) {
          const p = (seat + n++) % P;
          // B: a real state seat p cannot tell from A, drawn by the game itself.
          const b = game.determinize(game.observe(a, p, obs), createRng(`other-${n}`), game.newState(variant));
          if (stateSnapshot(a) !== stateSnapshot(b)) differing++;
          const oa = game.observe(a, p, game.newObservation(variant));
          const ob = game.observe(b, p, game.newObservation(variant));
          expect(snapshot(ob)).toEqual(snapshot(oa));
          const da = game.determinize(oa, createRng(`same-${n}`), game.newState(variant));
          const db = game.determinize(ob, createRng(`same-${n}`), game.newState(variant));
          expect(stateSnapshot(db), `${id}: sample ${n}`).toBe(stateSnapshot(da));
        }
        // The check is not vacuous: the hidden parts of A and B do differ.
        if (game.info.hiddenInformation) expect(differing).toBeGreaterThan(0);
      });

      it('search bots never use hidden cards: ismcts and mc (fixed seed) choose the same action from observe(A, p) and observe(B, p)', () => {
        const buf = new Int32Array(game.numDistinctActions(variant));
        const bots = [createBot(parseLineup('ismcts:iterations=40')[0]!, game), createBot(parseLineup('mc:iterations=40')[0]!, game)];
        let decided = 0;
        const all = positions(game, variant, 4, 9);
        // At most 16 positions spread over the games: playouts of long games are slow.
        const step = Math.max(1, Math.ceil(all.length / 16));
        for (let i = 0; i < all.length; i += step) {
          const { s: a, seat } = all[i]!;
          const n = game.legalActions(a, buf);
          if (n < 2) continue;
          const legal = buf.slice(0, n);
          const b = game.determinize(game.observe(a, seat, game.newObservation(variant)), createRng(`hidden-${decided}`), game.newState(variant));
          expect(Array.from(buf.subarray(0, game.legalActions(b, buf)))).toEqual(Array.from(legal));
          for (const bot of bots) {
            const fromA = bot.act(game.observe(a, seat, game.newObservation(variant)), legal, n, context(game, variant, seat, createRng(`bot-${decided}`)));
            const fromB = bot.act(game.observe(b, seat, game.newObservation(variant)), legal, n, context(game, variant, seat, createRng(`bot-${decided}`)));
            expect(fromB).toBe(fromA);
            expect(Array.from(legal)).toContain(fromA);
          }
          decided++;
        }
        expect(decided).toBeGreaterThan(0);
      });

      it('samples vary when the game hides something (the unseen cards are redealt, not copied)', () => {
        if (!game.info.hiddenInformation) return;
        const obs = game.newObservation(variant);
        const into = game.newState(variant);
        const rng = createRng('vary');
        let varied = 0;
        const list = positions(game, variant, 4, 11);
        for (const { s, seat } of list) {
          game.observe(s, seat, obs);
          const seen = new Set<string>();
          for (let k = 0; k < 8; k++) seen.add(stateSnapshot(game.determinize(obs, rng, into)));
          if (seen.size > 1) varied++;
        }
        expect(varied).toBeGreaterThan(list.length / 2);
      });
    });
  }

/** The p-value of Pearson's chi-square statistic for observed vs expected counts (cells with expectation 0 must be observed 0). */
function chiSquareP(observed: readonly number[], expected: readonly number[]): { stat: number; df: number; p: number } {
  let stat = 0;
  let cells = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i]!;
    if (e === 0) {
      expect(observed[i], `cell ${i} has expectation 0`).toBe(0);
      continue;
    }
    stat += (observed[i]! - e) ** 2 / e;
    cells++;
  }
  const df = cells - 1;
  return { stat, df, p: 1 - chisquareCdf(stat, df) };
}

/** The hypergeometric probabilities of k = 0..draws successes drawing `draws` of `total` with `good` successes. */
function hypergeometric(total: number, good: number, draws: number): number[] {
  const lnC = (n: number, k: number): number => {
    let s = 0;
    for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i);
    return s;
  };
  const out: number[] = [];
  for (let k = 0; k <= draws; k++) {
    out.push(k > good || draws - k > total - good ? 0 : Math.exp(lnC(good, k) + lnC(total - good, draws - k) - lnC(total, draws)));
  }
  return out;
}

/**
 * Unseen rank counts as the observer can tell them (an independent
 * re-derivation from the rule file's "Hidden information"): the deck minus
 * its own hand, the face-up discards, its own face-down discards, the
 * standing Order, and the cards it knows are in other hands.
 */
function unseenPool(o: CaptainsOrdersObservation): number[] {
  const pool = [0];
  for (let r = 1; r <= 10; r++) {
    let c = r - o.hand[r]! - o.discardUp[r]! - o.ownDown[r]! - (o.orderRank === r ? 1 : 0);
    for (let q = 0; q < o.players; q++) if (q !== o.seat) c -= o.known[q * 11 + r]!;
    pool.push(c);
  }
  return pool;
}

describe('determinization: captains-orders deals the unseen cards uniformly (chi-square, fixed seed)', () => {
  const game = getGame('captains-orders');
  const variant = resolveGameVariant(game, {});
  const SAMPLES = 4000;
  const ALPHA = 0.001;

  /** Rank counts of seat q's sampled hands beyond the cards known to be there, summed over SAMPLES determinizations. */
  function sampleRanks(o: CaptainsOrdersObservation, q: number, seed: string): { totals: number[]; perSample: number[][] } {
    const into = game.newState(variant) as unknown as CaptainsOrdersState;
    const rng = createRng(seed);
    const totals = new Array<number>(11).fill(0);
    const perSample: number[][] = [];
    for (let i = 0; i < SAMPLES; i++) {
      game.determinize(o, rng, into as unknown as GameStateBase);
      const row: number[] = [];
      for (let r = 0; r <= 10; r++) {
        const extra = r === 0 ? 0 : into.hands[q * 11 + r]! - o.known[q * 11 + r]!;
        if (extra < 0) throw new Error(`sample ${i}: seat ${q} lacks a known rank-${r} card`);
        totals[r]! += extra;
        row.push(extra);
      }
      perSample.push(row);
    }
    return { totals, perSample };
  }

  it("at the deal: the ranks of an opponent's sampled hand follow the unseen cards' proportions, and its count of 10s is hypergeometric", () => {
    const s = game.newState(variant);
    game.deal(s, createRng('chi-deal'));
    const o = game.observe(s, 0, game.newObservation(variant)) as CaptainsOrdersObservation;
    const pool = unseenPool(o);
    const U = pool.reduce((a, b) => a + b, 0);
    const h = o.handCount[1]!;
    expect(U).toBe(55 - o.handCount[0]!);
    const { totals, perSample } = sampleRanks(o, 1, 'chi-1');
    // Summed hypergeometric draws vary a little less than multinomial ones ((U-h)/(U-1)): the test is slightly conservative.
    const ranks = chiSquareP(
      totals.slice(1),
      pool.slice(1).map((c) => (SAMPLES * h * c) / U),
    );
    expect(ranks.p, `chi2 ${ranks.stat.toFixed(2)} on ${ranks.df} df`).toBeGreaterThan(ALPHA);
    // Number of 10s per sampled hand: hypergeometric(U, pool[10], h); the tail k >= 4 pooled into one cell.
    const probs = hypergeometric(U, pool[10]!, h);
    const observed = [0, 0, 0, 0, 0];
    for (const row of perSample) observed[Math.min(4, row[10]!)]!++;
    const expected = [probs[0]!, probs[1]!, probs[2]!, probs[3]!, probs.slice(4).reduce((a, b) => a + b, 0)].map((x) => x * SAMPLES);
    const tens = chiSquareP(observed, expected);
    expect(tens.p, `chi2 ${tens.stat.toFixed(2)} on ${tens.df} df`).toBeGreaterThan(ALPHA);
  });

  it("mid-round, with known cards and face-down discards: the unknown part of each opponent's hand follows the unseen pool", () => {
    // A random game until seat 0 knows a card in another hand and someone has discarded face down.
    const s = game.newState(variant) as unknown as CaptainsOrdersState;
    let found = false;
    const buf = new Int32Array(game.numDistinctActions(variant));
    for (let g = 0; g < 200 && !found; g++) {
      game.deal(s as unknown as GameStateBase, createRng(`chi-mid-${g}`));
      const rng = createRng(`chi-mid-play-${g}`);
      while (!game.isTerminal(s as unknown as GameStateBase) && s.round === 0) {
        const o = game.observe(s as unknown as GameStateBase, 0, game.newObservation(variant)) as CaptainsOrdersObservation;
        const knows = o.known.some((k, i) => k > 0 && Math.floor(i / 11) !== 0);
        const down = o.downCount.some((d, q) => d > 0 && q !== 0);
        if (knows && down && o.phase === Phase.Turn) {
          found = true;
          break;
        }
        const n = game.legalActions(s as unknown as GameStateBase, buf);
        game.apply(s as unknown as GameStateBase, buf[rng.int(n)]!);
      }
    }
    expect(found).toBe(true);
    const o = game.observe(s as unknown as GameStateBase, 0, game.newObservation(variant)) as CaptainsOrdersObservation;
    const pool = unseenPool(o);
    const U = pool.reduce((a, b) => a + b, 0);
    for (let q = 1; q < o.players; q++) {
      let knownHere = 0;
      for (let r = 1; r <= 10; r++) knownHere += o.known[q * 11 + r]!;
      const draws = o.handCount[q]! - knownHere;
      if (draws === 0) continue;
      const { totals } = sampleRanks(o, q, `chi-mid-${q}`);
      const res = chiSquareP(
        totals.slice(1),
        pool.slice(1).map((c) => (SAMPLES * draws * c) / U),
      );
      expect(res.p, `seat ${q}: chi2 ${res.stat.toFixed(2)} on ${res.df} df`).toBeGreaterThan(ALPHA);
    }
  });
});
