/**
 * `rollout=nn` for the search bots `mc` and `ismcts` (bots/search/rollout.ts,
 * bots/search/policy.ts): a playout plays the game's shipped net (the `nn`
 * bot, argmax) for every seat, exactly as plain `nn` would at each of those
 * decisions; games with a shipped net play whole games with it, the same
 * seed giving the same game; a game without one is refused in one line
 * when the bot is built.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseAndValidateLineup, parseLineup, validateBotSpec } from '../../bots/index.js';
import { shippedNetPath } from '../../bots/nets.js';
import { nnKind } from '../../bots/nn.js';
import { checkRollout, Rollout } from '../../bots/search/rollout.js';
import { BotSpecError, type Bot } from '../../src/core/bot.js';
import type { GameStateBase } from '../../src/core/game.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { gameIds, getGame, type AnyGame } from '../../src/core/registry.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant } from '../../src/core/variant.js';

const WITH_NET = ['captains-orders', 'nine-muses'];
const SEARCH = ['mc:iterations=20,rollout=nn', 'ismcts:iterations=20,rollout=nn'];

function bot(text: string, game: AnyGame): Bot {
  return createBot(parseLineup(text)[0]!, game);
}

/** A dealt state of `game` after `steps` uniformly random decisions (fewer if it ends first). */
function position(game: AnyGame, variant: Variant, seed: string, steps: number): GameStateBase {
  const s = game.newState(variant);
  game.deal(s, createRng(seed));
  const legal = new Int32Array(game.numDistinctActions(variant));
  const rng = createRng(`${seed}-walk`);
  for (let i = 0; i < steps && !game.isTerminal(s); i++) game.apply(s, legal[rng.int(game.legalActions(s, legal))]!);
  return s;
}

/** The actions of a `rollout=nn` playout from `start` (on a clone), read from the game's `apply`. */
function rolloutActions(game: AnyGame, variant: Variant, start: GameStateBase): number[] {
  const played: number[] = [];
  const model: AnyGame = { ...game, apply: (s, a) => (played.push(a), game.apply(s, a)) };
  const rollout = new Rollout(model, variant, Number(variant.players), 'nn', createRng('rollout-nn'), { nn: nnKind });
  rollout.reset();
  rollout.run(game.clone(start), createRng('rollout-nn-play'));
  return played;
}

/** The actions plain `nn` (one instance, built as a line-up builds it) takes for every seat from `start` to the end (on a clone). */
function nnActions(game: AnyGame, variant: Variant, start: GameStateBase): number[] {
  const nn = bot('nn', game);
  const players = Number(variant.players);
  const s = game.clone(start);
  const legal = new Int32Array(game.numDistinctActions(variant));
  const obs = game.newObservation(variant);
  const played: number[] = [];
  while (!game.isTerminal(s)) {
    const n = game.legalActions(s, legal);
    const seat = game.currentSeat(s);
    const a = nn.act(game.observe(s, seat, obs), legal, n, { seat, players, variant, rng: createRng(`nn-${seat}`), model: game });
    played.push(a);
    game.apply(s, a);
  }
  return played;
}

for (const id of WITH_NET) {
  describe(`${id}: rollout=nn plays the shipped net for every seat`, () => {
    const game = getGame(id);
    const variant = resolveGameVariant(game, {});

    it("a rollout=nn playout plays exactly the moves plain nn chooses on each seat's observation", () => {
      for (let g = 0; g < 4; g++) {
        const start = position(game, variant, `rollout-nn-${id}-${g}`, 3 * g);
        const expected = nnActions(game, variant, start);
        expect(expected.length).toBeGreaterThan(0);
        expect(rolloutActions(game, variant, start)).toEqual(expected);
      }
    });

    it.each(SEARCH)('%s finishes games without a fault (the search in seat 0, then seat 1; plain nn in the others)', (text) => {
      const P = Number(variant.players);
      const runner = new GameRunner(game, variant);
      for (let g = 0; g < 2; g++) {
        const bots = Array.from({ length: P }, (_, seat) => bot(seat === g ? text : 'nn', game));
        const out = runner.play({ seed: `rollout-nn-game-${g}`, rotation: 0, bots, names: bots.map((_, seat) => (seat === g ? text : 'nn')) });
        expect(out.status, out.faults.map((f) => f.message).join('; ')).toBe('ok');
        expect(out.faults).toEqual([]);
        expect(out.decisions).toBeGreaterThan(0);
      }
    });

    it('mc:rollout=nn with the same seed plays the same game', () => {
      const P = Number(variant.players);
      const play = (): string => {
        const bots = Array.from({ length: P }, (_, seat) => bot(seat === 0 ? 'mc:iterations=8,rollout=nn' : 'nn', game));
        const out = new GameRunner(game, variant).play({ seed: 'rollout-nn-repro', rotation: 0, bots, names: bots.map(() => 'x'), record: true });
        return JSON.stringify(out.record);
      };
      expect(play()).toBe(play());
    });
  });
}

describe('rollout=nn is refused in one line when the bot is built', () => {
  const withoutNet = gameIds().filter((id) => !existsSync(shippedNetPath(id)));

  it.each(withoutNet)('%s (no shipped net): mc and ismcts with rollout=nn name the missing net; the spec itself is valid', async (id) => {
    const game = getGame(id);
    for (const text of SEARCH) {
      const spec = parseLineup(text)[0]!;
      expect(() => validateBotSpec(spec, id)).not.toThrow();
      let error: unknown;
      try {
        createBot(spec, game);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BotSpecError);
      const message = (error as Error).message;
      expect(message).toContain(`${id} has no shipped net (bots/nets/${id}.json)`);
      expect(message).not.toContain('\n');
      await expect(parseAndValidateLineup(text, game)).rejects.toThrow(/has no shipped net/);
    }
  });

  it('a game the nn kind cannot play (no observation tensor) is refused naming rollout=nn', () => {
    const game = getGame(WITH_NET[0]!);
    const noTensor = { ...nnKind, supports: () => false };
    expect(() => checkRollout('nn', game, { nn: noTensor })).toThrow(BotSpecError);
    expect(() => checkRollout('nn', game, { nn: noTensor })).toThrow(/^rollout=nn needs a game with an observation tensor/);
    expect(() => checkRollout('nn', game, {})).toThrow(/^rollout=nn needs/);
    expect(() => checkRollout('nn', game, { nn: nnKind })).not.toThrow();
  });
});
