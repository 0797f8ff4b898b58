/**
 * `ismcts` with a learned net inside (bots/ismcts.ts, bots/search/net-guide.ts):
 * `prior=net` expands first the action the policy head rates most probable
 * (progressive strategies, Chaslot et al. 2008, with AlphaZero's policy head
 * as the heuristic); `leaf=net` values a new leaf by the value head instead
 * of a playout; `leaf=mix` weighs the two (AlphaGo's λ); `net=none` turns
 * the net off. Checked on Captain's Orders and Nines Hold'em, which ship
 * nets (a win-share game and a zero-sum one).
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { IsmctsBot } from '../../bots/ismcts.js';
import { nnKind } from '../../bots/nn.js';
import { BotSpecError, type Bot, type BotContext } from '../../src/core/bot.js';
import type { GameStateBase } from '../../src/core/game.js';
import { getGame, type AnyGame } from '../../src/core/registry.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant } from '../../src/core/variant.js';

function bot(text: string, game: AnyGame): Bot {
  return createBot(parseLineup(text)[0]!, game);
}

/** Seat-to-act decisions with two or more legal actions along random games of `game`: the state (a clone), its legal actions. */
function decisions(game: AnyGame, variant: Variant, games: number): { s: GameStateBase; legal: Int32Array; n: number }[] {
  const out: { s: GameStateBase; legal: Int32Array; n: number }[] = [];
  const legal = new Int32Array(game.numDistinctActions(variant));
  for (let g = 0; g < games; g++) {
    const s = game.newState(variant);
    game.deal(s, createRng(`ismcts-net-${g}`));
    const rng = createRng(`ismcts-net-walk-${g}`);
    while (!game.isTerminal(s)) {
      const n = game.legalActions(s, legal);
      if (n > 1) out.push({ s: game.clone(s), legal: legal.slice(0, n), n });
      game.apply(s, legal[rng.int(n)]!);
    }
  }
  return out;
}

function ctxFor(game: AnyGame, variant: Variant, seat: number, seed: string): BotContext {
  return { seat, players: Number(variant.players), variant, rng: createRng(seed), model: game };
}

/** The search's actions and root rewards at each decision, every search from the same seed. */
function searchAt(text: string, game: AnyGame, variant: Variant, ds: ReturnType<typeof decisions>): { actions: number[]; rewards: number[] } {
  const b = bot(text, game) as IsmctsBot;
  const obs = game.newObservation(variant);
  const actions: number[] = [];
  const rewards: number[] = [];
  ds.forEach(({ s, legal, n }, i) => {
    const seat = game.currentSeat(s);
    const ctx = ctxFor(game, variant, seat, `search-${i}`);
    actions.push(b.act(game.observe(s, seat, obs), legal, n, ctx));
    const pool = b.tree;
    for (let ch = pool.firstChild[0]!; ch >= 0; ch = pool.nextSibling[ch]!) rewards.push(pool.reward[ch]!);
  });
  return { actions, rewards };
}

describe("ismcts with the shipped net: Captain's Orders", () => {
  const game = getGame('captains-orders');
  const variant = resolveGameVariant(game, {});
  const ds = decisions(game, variant, 2).slice(0, 40);

  it("prior=net (progressive strategies with the policy head): with one iteration the search plays the net's own choice, as plain nn does", () => {
    const nn = bot('nn', game);
    const obs = game.newObservation(variant);
    const expected = ds.map(({ s, legal, n }) => {
      const seat = game.currentSeat(s);
      return nn.act(game.observe(s, seat, obs), legal, n, ctxFor(game, variant, seat, 'nn'));
    });
    const got = searchAt('ismcts:iterations=1,prior=net', game, variant, ds).actions;
    expect(ds.length).toBe(40);
    expect(got).toEqual(expected);
    // Not a property of every search: without the prior, one iteration expands a uniform action.
    expect(searchAt('ismcts:iterations=1,prior=none', game, variant, ds).actions).not.toEqual(expected);
  });

  it('leaf=net values a new leaf by the value head of the seat that moved into it: the root child holds that estimate, in [0, 1]', () => {
    const nn = nnKind.create({ file: 'shipped', temperature: 0, epsilon: 0 }, game) as Bot & {
      evaluate: (o: object, l: Int32Array, n: number, c: BotContext, t: number, p: Float64Array, v: Float64Array) => void;
    };
    const b = bot('ismcts:iterations=1,leaf=net', game) as IsmctsBot;
    const obs = game.newObservation(variant);
    const leafObs = game.newObservation(variant);
    const legal = new Int32Array(game.numDistinctActions(variant));
    const priors = new Float64Array(legal.length);
    const values = new Float64Array(Number(variant.players));
    let checked = 0;
    ds.slice(0, 12).forEach(({ s, legal: rootLegal, n }, i) => {
      const seat = game.currentSeat(s);
      const ctx = ctxFor(game, variant, seat, `leaf-${i}`);
      b.act(game.observe(s, seat, obs), rootLegal, n, ctx);
      const pool = b.tree;
      const child = pool.firstChild[0]!;
      // The same determinization (the search's first draw from the same seed), then the child's action.
      const d = game.newState(variant);
      game.determinize(obs, createRng(`leaf-${i}`), d);
      game.apply(d, pool.action[child]!);
      if (game.isTerminal(d)) return;
      const next = game.currentSeat(d);
      const m = game.legalActions(d, legal);
      nn.evaluate(game.observe(d, next, leafObs), legal, m, ctxFor(game, variant, next, 'v'), 1, priors, values);
      expect(pool.reward[child]!).toBeCloseTo(values[seat]!, 12);
      expect(pool.reward[child]!).toBeGreaterThanOrEqual(-0.5);
      expect(pool.reward[child]!).toBeLessThanOrEqual(1.5);
      checked++;
    });
    expect(checked).toBeGreaterThan(8);
  });

  it('leaf=net plays no playout: the rollout policy changes nothing in the search', () => {
    const random = searchAt('ismcts:iterations=30,leaf=net,rollout=random', game, variant, ds.slice(0, 10));
    const greedy = searchAt('ismcts:iterations=30,leaf=net,rollout=greedy', game, variant, ds.slice(0, 10));
    expect(greedy).toEqual(random);
  });

  it("leaf=mix is λ × value head + (1 − λ) × playout: λ = 0 is the plain search's tree, λ = 1 the value head's", () => {
    const few = ds.slice(0, 10);
    expect(searchAt('ismcts:iterations=30,leaf=mix,lambda=0', game, variant, few)).toEqual(searchAt('ismcts:iterations=30', game, variant, few));
    // λ = 1 still plays the playout (its draws move later determinizations), so one iteration: the leaf is the value head's alone.
    const net = searchAt('ismcts:iterations=1,leaf=net', game, variant, few);
    expect(searchAt('ismcts:iterations=1,leaf=mix,lambda=1', game, variant, few)).toEqual(net);
    expect(net).not.toEqual(searchAt('ismcts:iterations=1', game, variant, few));
  });

  it('net=none turns the net off: prior=net expands as prior=greedy and a net leaf is a playout, move for move and reward for reward', () => {
    const few = ds.slice(0, 10);
    const without = searchAt('ismcts:iterations=40,c=0.3,prior=greedy,rollout=greedy', game, variant, few);
    expect(searchAt('ismcts:iterations=40,c=0.3,prior=greedy,rollout=greedy,net=none', game, variant, few)).toEqual(without);
    expect(searchAt('ismcts:iterations=40,c=0.3,prior=net,leaf=net,rollout=greedy,net=none', game, variant, few)).toEqual(without);
    expect(searchAt('ismcts:iterations=40,c=0.3,prior=net,leaf=net,rollout=greedy', game, variant, few)).not.toEqual(without);
  });
});

describe("ismcts with the shipped net: Nines Hold'em (chips)", () => {
  const game = getGame('nines-holdem');
  const variant = resolveGameVariant(game, {});
  const ds = decisions(game, variant, 3).slice(0, 12);

  it('leaf=net and prior=net search a zero-sum game, the same seed giving the same moves', () => {
    const a = searchAt('ismcts:iterations=40,prior=net,leaf=net,horizon=game', game, variant, ds);
    expect(a.actions.length).toBe(ds.length);
    expect(searchAt('ismcts:iterations=40,prior=net,leaf=net,horizon=game', game, variant, ds)).toEqual(a);
    for (const [i, { legal, n }] of ds.entries()) expect([...legal.subarray(0, n)]).toContain(a.actions[i]);
  });
});

describe('ismcts net options refused in one line', () => {
  it('an IsmctsBot built with the net prior or a net leaf but no net', () => {
    const game = getGame('captains-orders');
    expect(() => new IsmctsBot(game, { netPrior: true })).toThrow(BotSpecError);
    expect(() => new IsmctsBot(game, { leaf: 'mix', net: 'none' })).toThrow(/leaf=mix needs a net/);
  });

  it.each([
    ['ismcts:leaf=mix,horizon=round', 'nines-holdem', /does not go with horizon=round/],
    ['ismcts:prior=net', 'nine-lives', /has no shipped net/],
    ['ismcts:prior=net,net=no/such/file.json', 'captains-orders', /not found/],
  ])('%s in %s', (text, id, message) => {
    const game = getGame(id);
    const variant = resolveGameVariant(game, {});
    const act = (): void => {
      const b = bot(text, game);
      const s = game.newState(variant);
      game.deal(s, createRng('refused'));
      const legal = new Int32Array(game.numDistinctActions(variant));
      const n = game.legalActions(s, legal);
      const seat = game.currentSeat(s);
      b.act(game.observe(s, seat, game.newObservation(variant)), legal, n, ctxFor(game, variant, seat, 'r'));
    };
    let error: unknown;
    try {
      act();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BotSpecError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
