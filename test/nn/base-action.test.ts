/**
 * A net with a base policy (`NetArchitecture.base`, `train --base greedy`):
 * the net's input carries the action the game's greedy bot would play
 * (residual policy learning), written by `NetInput` for the `nn` bot and
 * for self-play alike; the file keeps the base and refuses sizes that do
 * not hold it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import type { Bot, BotContext } from '../../src/core/bot.js';
import { getGame, type AnyGame } from '../../src/core/registry.js';
import { createRng, dealRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant } from '../../src/core/variant.js';
import { playEpisodes } from '../../src/learn/selfplay.js';
import { netFromJson, netMeta, saveNetFile } from '../../src/nn/file.js';
import { architectureFor, inputSizes } from '../../src/nn/game-layout.js';
import { Mlp } from '../../src/nn/mlp.js';
import { Net, blockSizes, type NetArchitecture } from '../../src/nn/net.js';
import { NetInput } from '../../src/nn/net-input.js';
import { task } from '../learn/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'ninefold-base-'));

/** Sets weight (input i -> output o) of layer l in an Mlp block of `sizes` starting at `start` of `w`. */
function setWeight(w: Float32Array, start: number, sizes: readonly number[], l: number, i: number, o: number, value: number): void {
  let at = start;
  for (let k = 0; k < l; k++) at += Mlp.paramCount([sizes[k]!, sizes[k + 1]!]);
  w[at + i * sizes[l + 1]! + o] = value;
}

/**
 * A hand-set net that scores a legal action 1 when it is the base action and
 * 0 otherwise, whatever the observation: dense head, trunk as wide as the
 * action ids with unit j copying the base one-hot's entry j; feature head,
 * one hidden unit copying the base flag (the last feature).
 */
function baseOnlyNet(game: AnyGame, variant: Variant): Net {
  const ids = game.numDistinctActions(variant);
  const dense = !game.actionFeatures;
  const arch = architectureFor(game, variant, { trunk: dense ? [ids] : [4], base: 'greedy', ...(dense ? {} : { actionHidden: [2] }) });
  const net = new Net(arch);
  const b = blockSizes(arch);
  const sizes = inputSizes(arch);
  if (dense) {
    for (let j = 0; j < ids; j++) {
      setWeight(net.weights, net.blocks.trunk.start, b.trunk, 0, sizes.tensor + j, j, 1);
      setWeight(net.weights, net.blocks.action.start, b.action, 0, j, j, 1);
    }
  } else {
    const F = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
    setWeight(net.weights, net.blocks.action.start, b.action, 0, 4 + F - 1, 0, 1);
    setWeight(net.weights, net.blocks.action.start, b.action, 1, 0, 0, 1);
  }
  return net;
}

/** Plays a deal with `bots` and, at every decision, also asks `shadow` for the same seat; returns both action lists. */
function shadowGame(game: AnyGame, variant: Variant, seed: string, bots: Bot[], shadow: Bot[]): [number[], number[]] {
  const s = game.newState(variant);
  game.deal(s, dealRng(seed));
  const P = s.players;
  const ctx = (p: number, tag: string): BotContext => ({ seat: p, players: P, variant, rng: createRng(`${seed}/${tag}/${p}`), model: game });
  const ctxs = bots.map((_, p) => ctx(p, 'bot'));
  const shadowCtxs = shadow.map((_, p) => ctx(p, 'bot'));
  bots.forEach((b, p) => b.reset?.(ctxs[p]!));
  shadow.forEach((b, p) => b.reset?.(shadowCtxs[p]!));
  const legal = new Int32Array(game.numDistinctActions(variant));
  const obs = game.newObservation(variant);
  const played: number[] = [];
  const shadowed: number[] = [];
  while (!game.isTerminal(s)) {
    const seat = game.currentSeat(s);
    const n = game.legalActions(s, legal);
    game.observe(s, seat, obs);
    const a = bots[seat]!.act(obs, legal, n, ctxs[seat]!);
    shadowed.push(shadow[seat]!.act(obs, legal, n, shadowCtxs[seat]!));
    played.push(a);
    game.apply(s, a);
  }
  return [played, shadowed];
}

describe('NetArchitecture.base: the greedy action as an input', () => {
  it("adds a one-hot over the action ids to a dense head net's input and one feature to a feature head's", () => {
    const dense = getGame('nines-holdem');
    const v = resolveGameVariant(dense, {});
    const plain = architectureFor(dense, v);
    const based = architectureFor(dense, v, { base: 'greedy' });
    expect(plain.base).toBeUndefined();
    expect('base' in plain).toBe(false);
    expect(based.inputSize).toBe(plain.inputSize + dense.numDistinctActions(v));
    expect(inputSizes(based)).toEqual({ tensor: plain.inputSize, baseIds: dense.numDistinctActions(v), features: 0 });
    const mu = getGame('nine-muses');
    const mv = resolveGameVariant(mu, {});
    const f = mu.actionFeatures!.size(mv);
    const mb = architectureFor(mu, mv, { base: 'greedy' });
    expect(mb.inputSize).toBe(mu.tensor!.size(mv));
    expect(mb.head).toMatchObject({ kind: 'feature', featureSize: f + 1 });
    expect(inputSizes(mb)).toEqual({ tensor: mu.tensor!.size(mv), baseIds: 0, features: f });
  });

  it('NetInput marks exactly the base action, and refuses one that is not legal', () => {
    const game = getGame('nines-holdem');
    const v = resolveGameVariant(game, {});
    const arch = architectureFor(game, v, { base: 'greedy' });
    const input = new NetInput(game, v, arch);
    const s = game.newState(v);
    game.deal(s, dealRng('net-input'));
    const obs = game.newObservation(v);
    game.observe(s, game.currentSeat(s), obs);
    const legal = new Int32Array(game.numDistinctActions(v));
    const n = game.legalActions(s, legal);
    const T = inputSizes(arch).tensor;
    const plain = new Float32Array(T);
    game.tensor!.write(obs, v, plain);
    for (const k of [0, n - 1]) {
      input.write(obs, legal, n, legal[k]!);
      expect(Array.from(input.x.subarray(0, T))).toEqual(Array.from(plain));
      const marks = Array.from(input.x.subarray(T)).flatMap((x, id) => (x === 1 ? [id] : x === 0 ? [] : [Number.NaN]));
      expect(marks).toEqual([legal[k]]);
    }
    const illegal = Array.from({ length: game.numDistinctActions(v) }, (_, id) => id).find((id) => !legal.subarray(0, n).includes(id))!;
    expect(() => input.write(obs, legal, n, illegal)).toThrow(/base action \d+ is not legal/);
  });

  for (const gameId of ['nines-holdem', 'nine-muses']) {
    it(`${gameId}: a net that scores only the base input plays greedy's action at every decision (nn asks greedy with the game's tuned weights)`, () => {
      const game = getGame(gameId);
      const v = resolveGameVariant(game, {});
      const path = join(dir, `${gameId}-base-only.json`);
      saveNetFile(path, baseOnlyNet(game, v), netMeta(game, v, { test: 'base only' }));
      const P = Number(v.players);
      for (const seed of ['a', 'b', 'c']) {
        const nn = Array.from({ length: P }, () => createBot(parseLineup(`nn:file=${path}`)[0]!, game));
        const greedy = Array.from({ length: P }, () => createBot(parseLineup('greedy')[0]!, game));
        const [played, shadowed] = shadowGame(game, v, `base-${seed}`, nn, greedy);
        expect(played.length).toBeGreaterThan(10);
        expect(played).toEqual(shadowed);
      }
    });
  }

  it('ties go to the base action: a base net whose scores are all equal (zero weights) plays greedy at every decision', () => {
    const game = getGame('nine-lives');
    const v = resolveGameVariant(game, {});
    const path = join(dir, 'nine-lives-zero.json');
    saveNetFile(path, new Net(architectureFor(game, v, { trunk: [4], base: 'greedy' })), netMeta(game, v, { test: 'zero' }));
    const P = Number(v.players);
    const nn = Array.from({ length: P }, () => createBot(parseLineup(`nn:file=${path}`)[0]!, game));
    const greedy = Array.from({ length: P }, () => createBot(parseLineup('greedy')[0]!, game));
    const [played, shadowed] = shadowGame(game, v, 'zero', nn, greedy);
    expect(played.length).toBeGreaterThan(10);
    expect(played).toEqual(shadowed);
  });

  it("self-play writes the base action into every sample: at a warm start's demonstrations it is the action taken", () => {
    for (const gameId of ['nines-holdem', 'nine-muses']) {
      const game = getGame(gameId);
      const v = resolveGameVariant(game, {});
      const arch: NetArchitecture = architectureFor(game, v, { trunk: [16], base: 'greedy' });
      const t = task(gameId, 0, 3, { arch, weights: Net.create(arch, 'base').weights, behaviour: 'greedy', epsilon: 0.2 });
      const pack = playEpisodes(t);
      const sizes = inputSizes(arch);
      const F = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
      let at = 0;
      let demos = 0;
      for (let i = 0; i < pack.samples; i++) {
        const n = pack.counts[i]!;
        const marked: number[] = [];
        for (let j = 0; j < n; j++) {
          const id = pack.legal[at + j]!;
          const mark = F > 0 ? pack.features![(at + j) * F + F - 1]! : pack.obs[i * arch.inputSize + sizes.tensor + id]!;
          if (mark === 1) marked.push(j);
        }
        expect(marked.length).toBe(1);
        if (pack.demo[i] === 1) {
          demos++;
          expect(marked[0]).toBe(pack.chosen[i]);
        }
        at += n;
      }
      expect(demos).toBeGreaterThan(20);
    }
  });
});

describe('net files with a base', () => {
  it('keep the base through a save and a load, and refuse an input that cannot hold it', () => {
    const game = getGame('nines-holdem');
    const v = resolveGameVariant(game, {});
    const arch = architectureFor(game, v, { trunk: [8], base: 'greedy' });
    const path = join(dir, 'holdem-base.json');
    saveNetFile(path, Net.create(arch, 'file'), netMeta(game, v));
    const loaded = netFromJson(readFileSync(path, 'utf8'), game);
    expect(loaded.net.arch).toEqual(arch);
    const f = JSON.parse(readFileSync(path, 'utf8'));
    const noBase = { ...f, architecture: { ...f.architecture } };
    delete noBase.architecture.base;
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(noBase));
    const T = game.tensor!.size(v);
    const ids = game.numDistinctActions(v);
    expect(() => netFromJson(JSON.stringify(noBase), game, undefined, 'edited')).toThrow(
      `edited: malformed: inputSize ${T + ids}, the tensor has ${T} entries`,
    );
    const other = { ...f, architecture: { ...f.architecture, base: 'random' } };
    expect(() => netFromJson(JSON.stringify(other), game, undefined, 'edited')).toThrow(/malformed: architecture\.base/);
  });
});
