import type { Bot, BotKind } from '../src/core/index.js';

/** Uniform over the legal actions; never reads its observation. */
export const randomBot: BotKind = {
  name: 'random',
  doc: 'uniform over the legal actions',
  params: [],
  supports: () => true,
  instant: true,
  create(): Bot {
    return {
      observes: false,
      readsLegal: false,
      act: (_obs, legal, count, ctx) => legal[ctx.rng.int(count)]!,
      actIndex: (_obs, _legal, count, ctx) => ctx.rng.int(count),
    };
  },
};
