/** Self-play tasks and their samples as rows, shared by the tests of src/learn. */
import '../../src/games/index.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import type { SamplePack, SelfPlayTask } from '../../src/learn/selfplay.js';
import { architectureFor } from '../../src/nn/game-layout.js';
import { Net } from '../../src/nn/net.js';

/** A task of `count` episodes from `first` in the game's default variant, a fresh 16-unit net, ε 0.1, half self-play against greedy. */
export function task(gameId: string, first: number, count: number, extra: Partial<SelfPlayTask> = {}): SelfPlayTask {
  const game = getGame(gameId);
  const variant = resolveGameVariant(game, {});
  const arch = architectureFor(game, variant, { trunk: [16] });
  const net = Net.create(arch, 'selfplay-test');
  return {
    gameId,
    variant,
    arch,
    weights: net.weights,
    seed: 'selfplay',
    first,
    count,
    epsilon: 0.1,
    selfPlay: 0.5,
    opponents: ['greedy'],
    behaviour: null,
    scoreScale: 1,
    rolloutShare: 0,
    rolloutBot: null,
    ...extra,
  };
}

/** The packs' samples as plain rows (observation, legal ids, chosen, target, demo, rollout targets), for comparing two ways of playing the same episodes. */
export function rows(packs: readonly SamplePack[]): string[] {
  const out: string[] = [];
  for (const p of packs) {
    const N = p.obs.length / Math.max(1, p.samples);
    let at = 0;
    for (let i = 0; i < p.samples; i++) {
      const n = p.counts[i]!;
      out.push(
        JSON.stringify([
          Array.from(p.obs.subarray(i * N, (i + 1) * N)),
          Array.from(p.legal.subarray(at, at + n)),
          p.chosen[i],
          p.target[i],
          p.demo[i],
          p.qAll ? Array.from(p.qAll.subarray(at, at + n)) : null,
        ]),
      );
      at += n;
    }
  }
  return out;
}
