/**
 * Deep Monte-Carlo's self-play (src/learn/selfplay.ts, Zha et al. 2021): the
 * Monte-Carlo return of every sample is its seat's utility at the end of its
 * game, and a chunk of episodes is a function of its task alone, so the
 * samples of an iteration are the same however its episodes are split among
 * threads.
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { getGame } from '../../src/core/registry.js';
import { playEpisodes } from '../../src/learn/selfplay.js';
import { rows, task } from './helpers.js';

describe('Deep Monte-Carlo self-play', () => {
  for (const id of ['nine-virtues', 'multiples-of-nine', 'nines-holdem']) {
    it(`${id}: every sample's target is its seat's utility at the end (the first of its seat-relative values); the values of a game's seats add up to what the game's utility adds up to`, () => {
      const game = getGame(id);
      const p = playEpisodes(task(id, 0, 6));
      const P = p.values.length / p.samples;
      expect(p.samples).toBeGreaterThan(0);
      for (let i = 0; i < p.samples; i++) {
        expect(p.target[i]).toBe(p.values[i * P]);
        let sum = 0;
        for (let j = 0; j < P; j++) sum += p.values[i * P + j]!;
        // Win share: the shares of a won game add up to 1 (0 when nobody won); zero-sum: the scores add up to 0.
        if (game.info.utility === 'zero-sum') expect(Math.abs(sum)).toBeLessThan(1e-4);
        else expect([0, 1].some((s) => Math.abs(sum - s) < 1e-6)).toBe(true);
      }
    });
  }

  it('a chunk is a function of its task: episodes 0-5 in one chunk or in three give the same samples', () => {
    const whole = rows([playEpisodes(task('nine-virtues', 0, 6))]);
    const split = rows([playEpisodes(task('nine-virtues', 0, 2)), playEpisodes(task('nine-virtues', 2, 3)), playEpisodes(task('nine-virtues', 5, 1))]);
    expect(split).toEqual(whole);
    expect(rows([playEpisodes(task('nine-virtues', 1, 5))])).not.toEqual(whole);
  });

  it('a warm start plays its bot: with ε 0 every learner decision is a demonstration of greedy', () => {
    const p = playEpisodes(task('nine-virtues', 0, 3, { behaviour: 'greedy', epsilon: 0 }));
    expect(p.samples).toBeGreaterThan(0);
    expect(Array.from(p.demo).every((d) => d === 1)).toBe(true);
    const q = playEpisodes(task('nine-virtues', 0, 3, { epsilon: 0 }));
    expect(Array.from(q.demo).every((d) => d === 0)).toBe(true);
  });
});

describe("a DMC iteration's chunks (DQfD keeps demonstrations in every batch)", () => {
  it('during the warm start every chunk plays the warm-start bot; after it, every demoEvery-th chunk still does', async () => {
    const { iterationTasks } = await import('../../src/learn/dmc.js');
    const base = task('nine-virtues', 0, 1);
    const plan = {
      gameId: base.gameId,
      variant: base.variant,
      arch: base.arch,
      seed: 's',
      iterations: 4,
      episodesPerIteration: 8,
      chunk: 2,
      epsilon: 0.05,
      selfPlay: 0.5,
      opponents: ['greedy'],
      warmStartEpisodes: 8,
      warmStartBot: 'greedy',
      demoEvery: 2,
      scoreScale: 1,
      batch: 4,
      epochs: 1,
      lr: 0.001,
      l2: 0,
      clipNorm: 10,
      valueWeight: 1,
      margin: 0.1,
    };
    const behaviours = (k: number): (string | null)[] => iterationTasks(plan, k, base.weights).map((t) => t.behaviour);
    expect(behaviours(0)).toEqual(['greedy', 'greedy', 'greedy', 'greedy']);
    expect(behaviours(1)).toEqual([null, 'greedy', null, 'greedy']);
    expect(behaviours(2)).toEqual([null, 'greedy', null, 'greedy']);
    expect(iterationTasks({ ...plan, demoEvery: 0 }, 1, base.weights).map((t) => t.behaviour)).toEqual([null, null, null, null]);
    expect(iterationTasks(plan, 1, base.weights).map((t) => t.first)).toEqual([8, 10, 12, 14]);
  });
});
