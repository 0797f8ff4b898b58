/**
 * The tensor conformance checks (OpenSpiel's observation-tensor tests), as one
 * function that puts any game's `tensor` and `actionFeatures` (the contract of
 * src/core/tensor.ts) through them, for its minimum, default and maximum
 * player count and its extra suite variants: the layout tiles the vector; the
 * length matches the declared size at every decision of random games and at
 * the end; every entry is written, finite and within [-1, 1]; the tensor is a
 * function of the observation alone (a clone's observation, and the
 * observation of a determinization of it, give the same tensor); the same
 * for each legal action's features; golden tensors of a few recorded
 * decisions (test/golden/tensors/<id>.json); every field named in the game's
 * README.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameStateBase } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import type { AnyGame } from '../../src/core/registry.js';
import { layoutSize } from '../../src/core/tensor.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../../src/core/variant.js';

/**
 * Random games per variant in which every decision's tensors are checked: at
 * each decision the deciding seat's and one other seat's (every seat in turn
 * over a game), and every seat's at the end. (Every seat at every decision of
 * 20 games took 191 s for 9-player Nine Lives at load 8.)
 */
const GAMES = 6;
/** Entries past the declared size that must stay untouched. */
const GUARD = 4;
const SENTINEL = -12345;

/** What a game may change in the tensor suite. */
export interface TensorSuiteOptions {
  /** Variants besides the defaults (`suiteVariants` in helpers.ts). */
  readonly variants?: readonly { readonly label: string; readonly given: Readonly<Record<string, VariantValue>> }[];
  /** The README whose "Observation tensor" section names every field (default `src/games/<id>/README.md`). */
  readonly readme?: string;
  /** The golden file (default `test/golden/tensors/<id>.json`); written when `UPDATE_GOLDEN=1` and absent. */
  readonly golden?: string;
  /** Only the per-variant checks (the long tier's share: `tensor-variants.long.test.ts`), not the README, golden and declaration tests. */
  readonly variantsOnly?: boolean;
}

/** One recorded decision's tensor: the deal seed, the decision index, the observing seat, the entries. */
interface GoldenTensor {
  readonly seed: string;
  readonly players: number;
  readonly step: number;
  readonly seat: number;
  readonly tensor: number[];
  readonly features?: { readonly action: number; readonly values: number[] }[];
}

/**
 * Writes `game.tensor` of `obs` into a buffer first filled with `fill`, and
 * returns the `size` entries after checking what the contract promises of
 * every entry and of the guard past the end.
 * @throws Error naming `where` on an unwritten, non-finite or out-of-range entry or a write past the end.
 */
function tensorOf(game: AnyGame, variant: Variant, obs: object, fill: number, where: string): Float32Array {
  const t = game.tensor!;
  const n = t.size(variant);
  const buf = new Float32Array(n + GUARD).fill(fill);
  t.write(obs, variant, buf);
  checkEntries(buf, n, fill, where, t.layout(variant));
  return buf.subarray(0, n);
}

/** The features of `action` at `obs`, written at an offset into a filled buffer, checked as {@link tensorOf}. */
function featuresOf(game: AnyGame, variant: Variant, obs: object, action: number, fill: number, where: string): Float32Array {
  const f = game.actionFeatures!;
  const n = f.size(variant);
  const buf = new Float32Array(GUARD + n + GUARD).fill(fill);
  f.write(obs, variant, action, buf, GUARD);
  for (let i = 0; i < GUARD; i++) if (buf[i] !== fill) throw new Error(`${where}: action ${action}'s features wrote before their offset`);
  checkEntries(buf.subarray(GUARD), n, fill, `${where}, features of action ${action}`, f.layout(variant));
  return buf.subarray(GUARD, GUARD + n);
}

function checkEntries(buf: Float32Array, n: number, fill: number, where: string, layout: readonly { name: string; offset: number; length: number }[]): void {
  const field = (i: number): string => layout.find((f) => i >= f.offset && i < f.offset + f.length)?.name ?? '?';
  for (let i = 0; i < n; i++) {
    const x = buf[i]!;
    if (!Number.isFinite(x)) throw new Error(`${where}: entry ${i} (${field(i)}) is ${x}`);
    if (x < -1 || x > 1) throw new Error(`${where}: entry ${i} (${field(i)}) is ${x}, outside [-1, 1]`);
    if (x === fill && fill === SENTINEL) throw new Error(`${where}: entry ${i} (${field(i)}) was not written`);
  }
  for (let i = n; i < n + GUARD; i++) if (buf[i] !== fill) throw new Error(`${where}: wrote past the declared size ${n}`);
}

function sameEntries(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

/**
 * Plays one random game of `variant` from `seed`, calling `check` with the
 * state before every decision and once at the end (`terminal` true).
 */
function eachDecision(game: AnyGame, variant: Variant, seed: string, check: (s: GameStateBase, legal: Int32Array, n: number, step: number) => void): void {
  const s = game.newState(variant);
  game.deal(s, createRng(seed));
  const legal = new Int32Array(game.numDistinctActions(variant));
  const bot = createRng(`${seed}/bot`);
  for (let step = 0; ; step++) {
    const n = game.isTerminal(s) ? 0 : game.legalActions(s, legal);
    check(s, legal, n, step);
    if (n === 0) return;
    game.apply(s, legal[bot.int(n)]!);
  }
}

/** The golden decisions of a variant: a few fixed steps of two recorded random games, seen by the deciding seat and by seat 0. */
function goldenTensors(game: AnyGame, variant: Variant): GoldenTensor[] {
  const out: GoldenTensor[] = [];
  const obs = game.newObservation(variant);
  for (const seed of ['golden-a', 'golden-b']) {
    const steps = new Set([0, 7, 23]);
    eachDecision(game, variant, seed, (s, legal, n, step) => {
      if (!steps.has(step) && n !== 0) return;
      const seats = n === 0 ? [0] : [...new Set([game.currentSeat(s), 0])];
      for (const seat of seats) {
        game.observe(s, seat, obs);
        const tensor = Array.from(tensorOf(game, variant, obs, SENTINEL, `${game.info.id} golden`));
        const features =
          game.actionFeatures && n > 0 && seat === game.currentSeat(s)
            ? Array.from(legal.subarray(0, Math.min(n, 3)), (action) => ({
                action,
                values: Array.from(featuresOf(game, variant, obs, action, SENTINEL, 'golden')),
              }))
            : undefined;
        out.push({ seed, players: s.players, step, seat, tensor, ...(features ? { features } : {}) });
      }
    });
  }
  return out;
}

/**
 * Declares the tensor conformance tests of one game (a vitest `describe`
 * named `tensor: <id>`). Call it at the top level of a test file.
 * @param game a game with `tensor` (its absence fails the first test).
 */
export function tensorSuite(game: AnyGame, options: TensorSuiteOptions = {}): void {
  const id = game.info.id;
  const playerCounts = [...new Set([game.info.minPlayers, game.info.defaultPlayers, game.info.maxPlayers])];
  describe(`tensor: ${id}`, () => {
    if (!options.variantsOnly)
      it('declares an observation tensor (src/core/tensor.ts)', () => {
        expect(game.tensor, `${id} has no tensor`).toBeDefined();
      });
    if (!game.tensor) return;
    const tensor = game.tensor;

    if (!options.variantsOnly)
      it('the README documents every field of the tensor (and of the action features) in its "Observation tensor" section', () => {
        const text = readFileSync(options.readme ?? `src/games/${id}/README.md`, 'utf8');
        const at = text.search(/^#+ Observation tensor/m);
        expect(at, 'no "Observation tensor" heading').toBeGreaterThanOrEqual(0);
        const section = text.slice(at);
        const variant = resolveGameVariant(game, {});
        const names = [...tensor.layout(variant), ...(game.actionFeatures?.layout(variant) ?? [])].map((f) => f.name);
        expect(names.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
      });

    for (const players of playerCounts)
      for (const extra of options.variants ?? [{ label: '', given: {} }]) {
        let variant: Variant;
        try {
          variant = resolveGameVariant(game, { ...extra.given, players });
        } catch {
          continue;
        }
        const tag = `${players} players${extra.label}`;

        it(`${tag}: the layout tiles the vector in order, and the action features' too`, () => {
          for (const layout of [tensor.layout(variant), game.actionFeatures?.layout(variant) ?? []]) {
            let at = 0;
            for (const f of layout) {
              expect(f.offset, `field ${f.name}`).toBe(at);
              expect(f.length, `field ${f.name}`).toBeGreaterThan(0);
              at += f.length;
            }
            expect(new Set(layout.map((f) => f.name)).size).toBe(layout.length);
          }
          expect(layoutSize(tensor.layout(variant))).toBe(tensor.size(variant));
          if (game.actionFeatures) expect(layoutSize(game.actionFeatures.layout(variant))).toBe(game.actionFeatures.size(variant));
        });

        it(`${tag}: at every decision (the deciding seat's and another's) and at the end (every seat's), the tensor has the declared length, every entry written, finite, in [-1, 1]; a clone's and a determinization's observation give the same tensor and features`, () => {
          const obs = game.newObservation(variant);
          const other = game.newObservation(variant);
          const det = game.newState(variant);
          const rng = createRng(`tensor-det-${players}`);
          for (let g = 0; g < GAMES; g++) {
            eachDecision(game, variant, `tensor-${g}`, (s, legal, n, step) => {
              const where = `${id} ${tag} game ${g} step ${step}`;
              const mover = n === 0 ? -1 : game.currentSeat(s);
              const watcher = (mover + 1 + (step % Math.max(1, s.players - 1))) % s.players;
              for (let seat = 0; seat < s.players; seat++) {
                if (mover >= 0 && seat !== mover && seat !== watcher) continue;
                game.observe(s, seat, obs);
                const a = tensorOf(game, variant, obs, SENTINEL, `${where} seat ${seat}`);
                // Every entry is written: a buffer full of another value gives the same tensor.
                const b = tensorOf(game, variant, obs, 0.5, `${where} seat ${seat}`);
                const i = sameEntries(a, b);
                if (i >= 0) throw new Error(`${where} seat ${seat}: entry ${i} keeps what the buffer held before`);
                // A function of the observation alone: a clone's observation, a determinization's.
                game.observe(game.clone(s), seat, other);
                if (sameEntries(a, tensorOf(game, variant, other, SENTINEL, where)) >= 0)
                  throw new Error(`${where} seat ${seat}: a clone's observation gives another tensor`);
                if (game.info.hiddenInformation) {
                  game.determinize(obs, rng, det);
                  game.observe(det, seat, other);
                  const k = sameEntries(a, tensorOf(game, variant, other, SENTINEL, where));
                  if (k >= 0) throw new Error(`${where} seat ${seat}: observe(determinize(obs)) gives another tensor (entry ${k})`);
                }
                if (game.actionFeatures && seat === mover) {
                  for (let j = 0; j < n; j++) {
                    const f1 = featuresOf(game, variant, obs, legal[j]!, SENTINEL, `${where} seat ${seat}`);
                    const f2 = featuresOf(game, variant, other, legal[j]!, 0.5, `${where} seat ${seat}`);
                    if (sameEntries(f1, f2) >= 0)
                      throw new Error(`${where}: action ${legal[j]}'s features differ between equal observations, or keep old entries`);
                  }
                }
              }
            });
          }
        });
      }

    if (!options.variantsOnly)
      it('golden tensors of recorded decisions (test/golden/tensors)', () => {
        const file = options.golden ?? `test/golden/tensors/${id}.json`;
        const variant = resolveGameVariant(game, {});
        const now = goldenTensors(game, variant);
        if (!existsSync(file) && process.env.UPDATE_GOLDEN === '1') writeFileSync(file, `${JSON.stringify(now)}\n`);
        expect(existsSync(file), `${file} is missing: run with UPDATE_GOLDEN=1 once, check it by hand, commit it`).toBe(true);
        const stored = JSON.parse(readFileSync(file, 'utf8')) as GoldenTensor[];
        expect(now).toEqual(stored);
      });
  });
}
