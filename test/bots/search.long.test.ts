/**
 * The search bots `mc` and `ismcts` (bots/mc.ts, bots/ismcts.ts): specs and
 * parameters, legal play of every registered game, reproducibility, the
 * SO-ISMCTS tree's invariants (visits, availability counts, per-seat
 * rewards), reward scaling, reuse of buffers after warm-up, and strength
 * against random players.
 */
import { describe, expect, it } from 'vitest';
import { BotSpecError, type Bot, type BotContext } from '../../src/core/bot.js';
import type { GameInfo, GameStateBase } from '../../src/core/game.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { createRng } from '../../src/core/rng.js';
import { gameIds, getGame, type AnyGame } from '../../src/core/registry.js';
import { resolveGameVariant, type Variant } from '../../src/core/variant.js';
import { botKinds, createBot, getBotKind, parseLineup, validateBotSpec, type BotSpec } from '../../bots/index.js';
import { IsmctsBot } from '../../bots/ismcts.js';
import type { FlatMonteCarloBot } from '../../bots/mc.js';
import { RewardScale } from '../../bots/search/reward.js';
import { NodePool } from '../../bots/search/tree.js';
import { Rollout } from '../../bots/search/rollout.js';
import { greedyBot } from '../../bots/greedy/index.js';
import '../../src/games/index.js';
import { Phase } from '../../src/games/captains-orders/index.js';
import type { CaptainsOrdersState } from '../../src/games/captains-orders/state.js';
import { placeHands } from '../../src/games/captains-orders/position.js';

/** Parses and validates a line-up for a game (the CLI's checks, without loading bot files). */
function lineup(text: string, gameId: string): BotSpec[] {
  const specs = parseLineup(text);
  for (const sp of specs) validateBotSpec(sp, gameId);
  return specs;
}

function bot(spec: string, game: AnyGame): Bot {
  return createBot(parseLineup(spec)[0]!, game);
}

function context(game: AnyGame, variant: Variant, seat: number, seed: string): BotContext {
  return { seat, players: Number(variant.players), variant, rng: createRng(seed), model: game };
}

/** A dealt state of `id` after `steps` random decisions, with the seat to act and its legal actions. */
function midGame(id: string, seed: string, steps: number) {
  const game = getGame(id);
  const variant = resolveGameVariant(game, {});
  const s = game.newState(variant);
  game.deal(s, createRng(seed));
  const buf = new Int32Array(game.numDistinctActions(variant));
  const rng = createRng(`${seed}-play`);
  for (let i = 0; i < steps; i++) {
    const n = game.legalActions(s, buf);
    if (n > 1 && i >= steps - 1) break;
    game.apply(s, buf[rng.int(n)]!);
  }
  // Move on to a real choice.
  while (game.legalActions(s, buf) < 2) game.apply(s, buf[0]!);
  const n = game.legalActions(s, buf);
  const seat = game.currentSeat(s);
  return { game, variant, s, seat, legal: buf.slice(0, n), obs: game.observe(s, seat, game.newObservation(variant)) };
}

describe('search bot specs', () => {
  it('a line-up of search bots with parameters parses: ismcts:iterations=2000,c=0.7,greedy,random,mc:iterations=500', () => {
    const specs = lineup('ismcts:iterations=2000,c=0.7,greedy,random,mc:iterations=500', 'captains-orders');
    expect(specs.map((s) => s.text)).toEqual(['ismcts:c=0.7,iterations=2000', 'greedy', 'random', 'mc:iterations=500']);
  });

  it('both bots are registered and declare their parameters with defaults and ranges', () => {
    const names = botKinds().map((k) => k.name);
    expect(names).toContain('mc');
    expect(names).toContain('ismcts');
    const keys = (name: string) => getBotKind(name).params.map((p) => `${p.key}:${p.kind}:${String(p.default)}`);
    expect(keys('ismcts')).toEqual([
      'iterations:int:1000',
      'ms:int:0',
      'c:float:0.7',
      'rollout:enum:random',
      'horizon:enum:game',
      'prior:enum:none',
      'leaf:enum:playout',
      'lambda:float:0.5',
      'net:text:shipped',
      'ptemp:float:1',
      'noise:float:0',
      'alpha:float:0.3',
      'bias:float:0',
      'widen:float:0',
    ]);
    expect(keys('mc')).toEqual(['iterations:int:500', 'ms:int:0', 'rollout:enum:random']);
  });

  it('out-of-range or unknown parameters are BotSpecErrors', () => {
    expect(() => lineup('ismcts:c=-1', 'captains-orders')).toThrow(BotSpecError);
    expect(() => lineup('ismcts:iterations=0', 'captains-orders')).toThrow(BotSpecError);
    expect(() => lineup('mc:rollout=smart', 'captains-orders')).toThrow(BotSpecError);
    expect(() => lineup('ismcts:horizon=trick', 'captains-orders')).toThrow(BotSpecError);
    expect(() => lineup('ismcts:prior=mc', 'captains-orders')).toThrow(BotSpecError);
    expect(() => lineup('ismcts:widen=1.5', 'captains-orders')).toThrow(BotSpecError);
    expect(() => lineup('mc:depth=3', 'captains-orders')).toThrow(/valid parameters: iterations, ms, rollout/);
  });

  it('rollout=greedy on a game without a greedy heuristic is a BotSpecError when the bot is built', () => {
    const fake = { ...getGame('captains-orders'), info: { ...getGame('captains-orders').info, id: 'no-such-game' } } as AnyGame;
    expect(() => bot('ismcts:rollout=greedy', fake)).toThrow(BotSpecError);
    expect(() => bot('mc:rollout=greedy', fake)).toThrow(/has none; use rollout=random/);
    expect(() => bot('ismcts', fake)).not.toThrow();
    expect(() => bot('ismcts:prior=greedy', fake)).toThrow(/has none/);
  });

  it('an ms budget marks the bot as not reproducible; an iteration budget as reproducible', () => {
    const game = getGame('captains-orders');
    expect((bot('ismcts:ms=5', game) as IsmctsBot).reproducible).toBe(false);
    expect((bot('mc:ms=5', game) as FlatMonteCarloBot).reproducible).toBe(false);
    expect((bot('ismcts', game) as IsmctsBot).reproducible).toBe(true);
    expect((bot('mc:iterations=10', game) as FlatMonteCarloBot).reproducible).toBe(true);
  });
});

describe('search bots play every registered game', () => {
  for (const id of gameIds()) {
    it(`${id}: mc and ismcts (small budgets, both rollouts where greedy exists) finish games without forfeits`, () => {
      const game = getGame(id);
      const P = game.info.defaultPlayers;
      const variant = resolveGameVariant(game, { players: P });
      const runner = new GameRunner(game, variant);
      const greedy = getBotKind('greedy').supports(id);
      const specs = ['ismcts:iterations=12', 'mc:iterations=12'];
      if (greedy) specs.push('ismcts:iterations=6,rollout=greedy', 'mc:iterations=6,rollout=greedy');
      for (const spec of specs) {
        const seats = Array.from({ length: P }, (_, i) => (i === 0 ? bot(spec, game) : bot('random', game)));
        const out = runner.play({ seed: `play-${spec}`, bots: seats, names: seats.map(() => 'x') });
        expect(out.status, `${spec}: ${out.faults.map((f) => f.message).join('; ')}`).toBe('ok');
      }
    });
  }

  it('an ms budget still answers with a legal action', () => {
    const { game, variant, seat, legal, obs } = midGame('captains-orders', 'ms', 4);
    for (const spec of ['ismcts:ms=3', 'mc:ms=3']) {
      const a = bot(spec, game).act(obs, legal, legal.length, context(game, variant, seat, 'ms'));
      expect(Array.from(legal)).toContain(a);
    }
  });
});

describe('reproducibility', () => {
  it('the same seeds give the same game record with ismcts and mc seated', () => {
    const game = getGame('captains-orders');
    const variant = resolveGameVariant(game, {});
    const play = () => {
      const runner = new GameRunner(game, variant);
      const seats = [bot('ismcts:iterations=30', game), bot('mc:iterations=30', game), bot('greedy', game), bot('random', game), bot('random', game)];
      const out = runner.play({ seed: 'repro', rotation: 1, bots: seats, names: ['a', 'b', 'c', 'd', 'e'], record: true });
      return JSON.stringify(out.record);
    };
    expect(play()).toBe(play());
  });
});

describe('SO-ISMCTS tree', () => {
  const ITER = 400;

  function searched(id: string, seed: string, steps: number) {
    const m = midGame(id, seed, steps);
    const b = new IsmctsBot(m.game, { iterations: ITER });
    const a = b.act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, seed));
    return { ...m, b, a, t: b.tree };
  }

  it('the root is visited once per iteration, and each iteration passes through one root child', () => {
    const { t, b } = searched('captains-orders', 'tree-1', 3);
    expect(b.lastIterations).toBe(ITER);
    expect(t.visits[0]).toBe(ITER);
    let sum = 0;
    for (let c = t.firstChild[0]!; c >= 0; c = t.nextSibling[c]!) sum += t.visits[c]!;
    expect(sum).toBe(ITER);
  });

  it("visits <= availability <= parent visits at every node; children never outnumber their parent's visits", () => {
    let subset = 0;
    for (const id of gameIds()) {
      const { t } = searched(id, `tree-${id}`, 5);
      for (let v = 1; v < t.size; v++) {
        const p = t.parent[v]!;
        expect(t.visits[v]!).toBeGreaterThanOrEqual(1);
        expect(t.avail[v]!).toBeGreaterThanOrEqual(t.visits[v]!);
        expect(t.avail[v]!).toBeLessThanOrEqual(t.visits[p]!);
        if (t.avail[v]! < t.visits[p]!) subset++;
      }
      for (let v = 0; v < t.size; v++) {
        let sum = 0;
        for (let c = t.firstChild[v]!; c >= 0; c = t.nextSibling[c]!) sum += t.visits[c]!;
        expect(sum).toBeLessThanOrEqual(t.visits[v]!);
      }
    }
    // Some actions were legal in only some determinizations (the subset-armed bandit is exercised).
    expect(subset).toBeGreaterThan(0);
  });

  it("each node stores the reward of the seat that acted into it: root children are the searcher's, rewards within [0, visits]", () => {
    const { t, seat, a, legal } = searched('captains-orders', 'tree-2', 6);
    const actors = new Set<number>();
    for (let c = t.firstChild[0]!; c >= 0; c = t.nextSibling[c]!) {
      expect(t.actor[c]).toBe(seat);
      expect(Array.from(legal)).toContain(t.action[c]);
    }
    for (let v = 1; v < t.size; v++) {
      actors.add(t.actor[v]!);
      expect(t.reward[v]!).toBeGreaterThanOrEqual(0);
      expect(t.reward[v]!).toBeLessThanOrEqual(t.visits[v]! + 1e-9);
    }
    // A multiplayer tree holds nodes of several seats (opponents' actions are branches).
    expect(actors.size).toBeGreaterThan(1);
    // The choice is the most visited root child.
    let most = -1;
    for (let c = t.firstChild[0]!; c >= 0; c = t.nextSibling[c]!) most = Math.max(most, t.visits[c]!);
    let chosenVisits = -1;
    for (let c = t.firstChild[0]!; c >= 0; c = t.nextSibling[c]!) if (t.action[c] === a) chosenVisits = t.visits[c]!;
    expect(chosenVisits).toBe(most);
  });

  it("a forced win is found (Captain's Orders): holding only the 1, ismcts empties its hand, then declares Captain and wins", () => {
    // Seat 0 holds the deck's only 1 and nothing else: ordering or passing it empties the hand, and the
    // declaration is then right ("Ending a round", Run-out); discovering or asking cannot win.
    const game = getGame('captains-orders');
    const variant = resolveGameVariant(game, { winsToWin: 1 });
    const s = game.newState(variant) as unknown as CaptainsOrdersState;
    const g = s as unknown as GameStateBase;
    game.deal(g, createRng('forced'));
    placeHands(s, [[1], [10, 10, 9], [10, 10, 9], [10, 10, 9], [10, 10, 9]]);
    s.turn = 0;
    s.dealer = 4;
    const buf = new Int32Array(game.numDistinctActions(variant));
    const b = new IsmctsBot(game, { iterations: 300 });
    const pick = (): number => {
      const n = game.legalActions(g, buf);
      return b.act(game.observe(g, 0, game.newObservation(variant)), buf.slice(0, n), n, context(game, variant, 0, 'forced'));
    };
    game.apply(g, pick());
    expect(s.handCount[0]).toBe(0);
    expect(s.phase).toBe(Phase.Declare);
    game.apply(g, pick());
    expect(game.isTerminal(g)).toBe(true);
    expect(game.result(g).winners).toEqual([0]);
  });

  it('after warm-up a search reuses its node pool and buffers: no growth across decisions', () => {
    const m = midGame('captains-orders', 'warm', 2);
    const b = new IsmctsBot(m.game, { iterations: 300 });
    const ctx = context(m.game, m.variant, m.seat, 'warm');
    b.act(m.obs, m.legal, m.legal.length, ctx);
    const t = b.tree;
    const arrays = [t.parent, t.firstChild, t.nextSibling, t.action, t.actor, t.visits, t.avail, t.reward];
    for (let k = 0; k < 5; k++) b.act(m.obs, m.legal, m.legal.length, ctx);
    expect([t.parent, t.firstChild, t.nextSibling, t.action, t.actor, t.visits, t.avail, t.reward]).toEqual(arrays);
    for (let i = 0; i < arrays.length; i++) expect([t.parent, t.firstChild, t.nextSibling, t.action, t.actor, t.visits, t.avail, t.reward][i]).toBe(arrays[i]);
    expect(t.size).toBeLessThanOrEqual(301);
  });

  it('the node pool grows by doubling and keeps its nodes', () => {
    const pool = new NodePool(2);
    const root = pool.add(-1, -1, -1);
    for (let i = 0; i < 9; i++) pool.add(root, i, 0);
    expect(pool.size).toBe(10);
    expect(pool.capacity).toBeGreaterThanOrEqual(10);
    const seen: number[] = [];
    for (let c = pool.firstChild[root]!; c >= 0; c = pool.nextSibling[c]!) seen.push(pool.action[c]!);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    pool.clear();
    expect(pool.size).toBe(0);
  });
});

describe('ismcts options: greedy prior, progressive widening, round horizon', () => {
  /**
   * A position of `id` after `steps` decisions, each the lowest legal action with
   * probability `low` (Multiples of Nine: stay, so hands grow) else a random one;
   * null when the game ends first.
   */
  function position(id: string, seed: string, steps: number, low = 0) {
    const game = getGame(id);
    const variant = resolveGameVariant(game, {});
    const s = game.newState(variant);
    game.deal(s, createRng(seed));
    const buf = new Int32Array(game.numDistinctActions(variant));
    const rng = createRng(`${seed}-play`);
    for (let i = 0; i < steps || game.legalActions(s, buf) < 2; i++) {
      if (game.isTerminal(s)) return null;
      const n = game.legalActions(s, buf);
      game.apply(s, rng.next() < low ? buf[0]! : buf[rng.int(n)]!);
    }
    if (game.isTerminal(s)) return null;
    const n = game.legalActions(s, buf);
    const seat = game.currentSeat(s);
    return { game, variant, s, seat, legal: buf.slice(0, n), obs: game.observe(s, seat, game.newObservation(variant)) };
  }
  // Nines Hold'em's greedy samples its equity from its generator, so it is left out of the equality test.
  const GREEDY_GAMES = ['captains-orders', 'nine-virtues', 'multiples-of-nine', 'nine-lives', 'nine-muses'];

  it('with one iteration and prior=greedy, ismcts plays exactly what greedy plays (the prior is expanded first)', () => {
    let compared = 0;
    for (const id of GREEDY_GAMES) {
      for (let k = 0; k < 6; k++) {
        const m = position(id, `prior-${id}-${k}`, 3 + 7 * k, 0.5);
        if (m === null) continue;
        const greedy = bot('greedy', m.game).act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, 'g'));
        const search = bot('ismcts:iterations=1,prior=greedy', m.game).act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, 's'));
        expect(search, `${id} position ${k}`).toBe(greedy);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("with fewer iterations than legal actions each root child has one visit, and the tie goes to the prior's child: ismcts plays greedy's move", () => {
    let compared = 0;
    for (const id of GREEDY_GAMES) {
      for (let k = 0; k < 8; k++) {
        const m = position(id, `tie-${id}-${k}`, 3 + 5 * k, 0.5);
        if (m === null || m.legal.length < 5) continue;
        const greedy = bot('greedy', m.game).act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, 'g'));
        const b = bot('ismcts:iterations=4,prior=greedy,widen=0', m.game) as IsmctsBot;
        const search = b.act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, `t${k}`));
        for (let c = b.tree.firstChild[0]!; c >= 0; c = b.tree.nextSibling[c]!) expect(b.tree.visits[c]).toBe(1);
        expect(search, `${id} position ${k}`).toBe(greedy);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('without the prior, one iteration picks an untried action uniformly (not always the greedy one)', () => {
    const m = midGame('nine-virtues', 'no-prior', 9);
    const greedy = bot('greedy', m.game).act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, 'g'));
    const picks = new Set<number>();
    for (let k = 0; k < 20; k++)
      picks.add(bot('ismcts:iterations=1,prior=none', m.game).act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, `u${k}`)));
    expect(picks.size).toBeGreaterThan(3);
    expect(picks.has(greedy) ? picks.size : picks.size + 1).toBeGreaterThan(3);
  });

  it("bias: a large progressive bias keeps the search on the prior's child; without it the visits spread", () => {
    const m = position('nine-virtues', 'bias', 9)!;
    const greedy = bot('greedy', m.game).act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, 'g'));
    const share = (spec: string): number => {
      const b = bot(spec, m.game) as IsmctsBot;
      expect(b.act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, 'bias'))).toBeGreaterThanOrEqual(0);
      for (let c = b.tree.firstChild[0]!; c >= 0; c = b.tree.nextSibling[c]!) {
        if (b.tree.action[c] === greedy) {
          expect(b.tree.prior[c]).toBe(1);
          return b.tree.visits[c]! / b.tree.visits[0]!;
        }
        expect(b.tree.prior[c]).toBe(0);
      }
      return 0;
    };
    expect(m.legal.length).toBeGreaterThan(5);
    expect(share('ismcts:iterations=200,prior=greedy,bias=1000,widen=0.5')).toBeGreaterThan(0.9);
    expect(share('ismcts:iterations=200,prior=greedy,widen=0.5')).toBeLessThan(0.9);
  });

  it('widen=0.5 keeps the root at most ceil(visits^0.5) children; widen=0 expands every legal action first', () => {
    const m = position('multiples-of-nine', 'widen', 16, 1)!;
    const ctx = context(m.game, m.variant, m.seat, 'widen');
    const rootChildren = (spec: string): number => {
      const b = bot(spec, m.game) as IsmctsBot;
      b.act(m.obs, m.legal, m.legal.length, ctx);
      let k = 0;
      for (let c = b.tree.firstChild[0]!; c >= 0; c = b.tree.nextSibling[c]!) k++;
      return k;
    };
    // A Multiples of Nine hand offers many discards; make sure this one does.
    expect(m.legal.length).toBeGreaterThan(20);
    expect(rootChildren('ismcts:iterations=100,widen=0.5')).toBeLessThanOrEqual(10);
    expect(rootChildren('ismcts:iterations=100,widen=0.5')).toBeGreaterThanOrEqual(5);
    expect(rootChildren('ismcts:iterations=20')).toBe(Math.min(20, m.legal.length));
  });

  it('random playouts that decode an index (Game.legalCount/legalAt) play the very games that listing the legal actions plays', () => {
    for (const id of gameIds()) {
      const game = getGame(id);
      if (game.legalCount === undefined) continue;
      const { legalCount: _count, legalAt: _at, ...listing }: AnyGame = game;
      const variant = resolveGameVariant(game, {});
      for (let g = 0; g < 20; g++) {
        const ends = [game, listing].map((model) => {
          const s = game.newState(variant);
          game.deal(s, createRng(`dec-${id}-${g}`));
          new Rollout(model, variant, Number(variant.players), 'random', createRng('x')).run(s, createRng(`dec-play-${g}`));
          return JSON.stringify(game.result(s));
        });
        expect(ends[0]).toBe(ends[1]);
      }
    }
  });

  it('a round-horizon playout stops at the end of the current round (Nine Virtues, Nine Lives, Nines Hold\'em\'s hand: nines-holdem.md, "Match"); without a limit it plays to the end', () => {
    for (const id of ['nine-virtues', 'nine-lives', 'nines-holdem']) {
      const game = getGame(id);
      const variant = resolveGameVariant(game, {});
      const s = game.newState(variant);
      game.deal(s, createRng(`h-${id}`));
      const rollout = new Rollout(game, variant, Number(variant.players), 'greedy', createRng('r'), { greedy: greedyBot });
      rollout.run(s, createRng('r1'), 0);
      expect(game.roundsDone!(s)).toBe(1);
      expect(game.isTerminal(s)).toBe(false);
      const scores = new Float64Array(Number(variant.players));
      game.runningScores!(s, scores);
      rollout.run(s, createRng('r2'));
      expect(game.isTerminal(s)).toBe(true);
      // The running scores of a finished game are its result's scores.
      game.runningScores!(s, scores);
      expect(Array.from(scores)).toEqual(game.result(s).scores);
    }
  });

  it("standings utilities: each seat's margin over the best other seat, scaled by the range seen", () => {
    const r = new RewardScale(getGame('nine-virtues').info, true);
    const u = new Float64Array(4);
    r.standings(new Float64Array([10, 4, 10, 2]), 4, u);
    expect(Array.from(u)).toEqual([0, -6, 0, -8]);
    r.standings(new Float64Array([12, 4, 10, 2]), 4, u);
    expect(Array.from(u)).toEqual([2, -8, -2, -10]);
    expect(r.scale(2)).toBe(1);
    expect(r.scale(-10)).toBe(0);
    expect(r.scale(-4)).toBeCloseTo(0.5);
  });

  it('horizon=round never plays past the end of the current round (Nine Virtues); horizon=game does', () => {
    const m = midGame('nine-virtues', 'horizon', 12);
    const round = m.game.roundsDone!(m.s);
    const beyond = { count: 0, applied: 0 };
    // The same game with an apply that counts actions taken after the current round has been scored.
    const spy = {
      ...m.game,
      apply(s: GameStateBase, a: number) {
        beyond.applied++;
        if (m.game.roundsDone!(s) > round) beyond.count++;
        m.game.apply(s, a);
      },
    } as AnyGame;
    const run = (spec: string) => {
      beyond.count = 0;
      beyond.applied = 0;
      const b = bot(spec, spy) as IsmctsBot;
      const a = b.act(m.obs, m.legal, m.legal.length, context(m.game, m.variant, m.seat, 'horizon'));
      expect(Array.from(m.legal)).toContain(a);
      for (let v = 1; v < b.tree.size; v++) expect(Number.isFinite(b.tree.reward[v]!)).toBe(true);
      return { ...beyond };
    };
    const cut = run('ismcts:iterations=60,horizon=round,rollout=greedy,prior=greedy,widen=0.3');
    expect(cut.applied).toBeGreaterThan(60);
    expect(cut.count).toBe(0);
    expect(run('ismcts:iterations=60,rollout=greedy,horizon=game').count).toBeGreaterThan(0);
  });
});

describe('rewards', () => {
  const wins: GameInfo = { ...getGame('captains-orders').info };
  const chips: GameInfo = { ...wins, utility: 'zero-sum' };

  it("a seat's reward is its share of the win: 1/k among k winners, else 0; nobody winning gives 0 to all", () => {
    const r = new RewardScale(wins);
    const u = new Float64Array(4);
    r.utilities({ scores: [3, 1, 3, 0], winners: [0, 2], capped: false }, 4, u);
    expect(Array.from(u)).toEqual([0.5, 0, 0.5, 0]);
    r.utilities({ scores: [0, 0, 0, 0], winners: [], capped: true }, 4, u);
    expect(Array.from(u)).toEqual([0, 0, 0, 0]);
    expect(r.scale(0.25)).toBe(0.25);
  });

  it('chips games: net chips scaled linearly into [0, 1] by the range seen in the search (0.5 while level)', () => {
    const r = new RewardScale(chips);
    const u = new Float64Array(3);
    r.utilities({ scores: [0, 0, 0], winners: [0, 1, 2], capped: false }, 3, u);
    expect(r.scale(0)).toBe(0.5);
    r.utilities({ scores: [12, -4, -8], winners: [0], capped: false }, 3, u);
    expect(Array.from(u)).toEqual([12, -4, -8]);
    expect(r.scale(12)).toBe(1);
    expect(r.scale(-8)).toBe(0);
    expect(r.scale(2)).toBeCloseTo(0.5);
    r.reset();
    r.utilities({ scores: [1, -1, 0], winners: [0], capped: false }, 3, u);
    expect(r.scale(1)).toBe(1);
    expect(r.scale(0)).toBe(0.5);
  });
});

describe('strength (fixed seeds)', () => {
  /** Win share of entry 0 over `games` games with the line-up rotated through the seats. */
  function share(lineup: string[], id: string, games: number): number {
    const game = getGame(id);
    const P = lineup.length;
    const variant = resolveGameVariant(game, { players: P });
    const runner = new GameRunner(game, variant);
    const bots = lineup.map((s) => bot(s, game));
    let won = 0;
    for (let g = 0; g < games; g++) {
      const k = g % P;
      const seated = Array.from({ length: P }, (_, s) => bots[(s - k + P) % P]!);
      const out = runner.play({ seed: `strength-${Math.floor(g / P)}`, rotation: k, bots: seated, names: lineup });
      const w = out.result.winners;
      if (w.includes(k)) won += 1 / w.length;
    }
    return won / games;
  }

  it("Captain's Orders: ismcts (150 iterations) wins well over its fair 1/5 against four random players", () => {
    expect(share(['ismcts:iterations=150', 'random', 'random', 'random', 'random'], 'captains-orders', 60)).toBeGreaterThan(0.32);
  });

  it("Captain's Orders: mc (80 playouts) wins more than its fair 1/5 against four random players", () => {
    expect(share(['mc:iterations=80', 'random', 'random', 'random', 'random'], 'captains-orders', 100)).toBeGreaterThan(0.25);
  });
});
