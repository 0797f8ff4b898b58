import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { defineGame } from '../../src/core/define.js';
import type { GameStateBase } from '../../src/core/game.js';
import { gameIds, getGame } from '../../src/core/registry.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import type { Variant } from '../../src/core/variant.js';

class TinyState implements GameStateBase {
  readonly players = 2;
  recorder = null;
  count = 0;
  constructor(
    readonly variant: Variant,
    public rng: Rng,
  ) {}
}

class TinyObservation {
  count = 0;
  constructor(readonly variant: Variant) {}
}

const afterClone: TinyState[] = [];
const tiny = defineGame({
  State: TinyState,
  Observation: TinyObservation,
  copyState: (src: TinyState, dst: TinyState) => {
    dst.rng = src.rng.fork();
    dst.recorder = null;
    dst.count = src.count;
    return dst;
  },
  afterClone: (s) => afterClone.push(s),
  info: {
    id: 'tiny',
    name: 'Tiny',
    minPlayers: 2,
    maxPlayers: 2,
    defaultPlayers: 2,
    hiddenInformation: false,
    scoreUnit: 'points',
    utility: 'win-share',
    params: [],
  },
  numDistinctActions: 3,
  deal: (s, rng) => {
    s.rng = rng;
    s.count = 0;
  },
  maxDecisions: () => 3,
  currentSeat: (s) => (s.count >= 3 ? -1 : s.count % 2),
  legalActions: (s, into) => {
    if (s.count >= 3) return 0;
    into[0] = 0;
    return 1;
  },
  apply: (s) => {
    s.count++;
  },
  isTerminal: (s) => s.count >= 3,
  result: () => ({ scores: [1, 0], winners: [0], capped: false }),
  observe: (s, _seat, into) => {
    into.count = s.count;
    return into;
  },
  determinize: (obs, rng, into) => {
    into.rng = rng;
    into.count = obs.count;
    return into;
  },
  encodeAction: () => ({ type: 'step' }),
  decodeAction: () => 0,
});

describe('defineGame (src/core/define.ts)', () => {
  const variant: Variant = { players: 2 };

  it('derives newState, newObservation, numDistinctActions and a no-op checkVariant', () => {
    const s = tiny.newState(variant);
    expect(s).toBeInstanceOf(TinyState);
    expect(s.variant).toBe(variant);
    expect(tiny.newObservation(variant)).toBeInstanceOf(TinyObservation);
    expect(tiny.numDistinctActions(variant)).toBe(3);
    expect(() => tiny.checkVariant(variant)).not.toThrow();
  });

  it('clone: a new state (or into) with a forked generator, then afterClone', () => {
    const s = tiny.newState(variant);
    tiny.deal(s, createRng('d'));
    tiny.apply(s, 0);
    const c = tiny.clone(s);
    expect(c).not.toBe(s);
    expect(c.count).toBe(1);
    expect(c.rng).not.toBe(s.rng);
    expect(c.rng.int(1000)).toBe(s.rng.int(1000));
    expect(afterClone.at(-1)).toBe(c);
    const into = tiny.newState(variant);
    expect(tiny.clone(s, into)).toBe(into);
  });

  it('every registered game declares a utility, and only Nines Hold`em is zero-sum', () => {
    for (const id of gameIds()) expect(getGame(id).info.utility).toBe(id === 'nines-holdem' ? 'zero-sum' : 'win-share');
  });
});
