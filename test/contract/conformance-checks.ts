/**
 * The checks of the conformance suite (OpenSpiel's basic_tests, TAG's
 * forward-model tester), as one function that puts any game through them,
 * for its minimum, default and maximum player count: every registered game
 * (`conformance.test.ts`) and the test-only fixture games
 * (`fixtures-conformance.test.ts`). Termination within the declared bound,
 * legal actions sorted / in range / non-empty and written inside a buffer of
 * `numDistinctActions`, deterministic traces, records that replay exactly,
 * clones equal field by field that play on as the original and leave it
 * alone, RuleError on every illegal action (the state kept), the game's own
 * invariants after every action, the terminal behaviour, and observation /
 * determinization consistency: each promise of the contract in
 * src/core/game.ts.
 */
import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { RuleError, type GameStateBase } from '../../src/core/game.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { replayRecord } from '../../src/core/replay.js';
import type { AnyGame } from '../../src/core/registry.js';
import { indexInSorted } from '../../src/core/sorted.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../../src/core/variant.js';
import { legalList, playOut, recordedRandomGame, snapshot, stateCopy, stateDiff } from '../helpers.js';

const GAMES_PER_VARIANT = 150;
/** Random points per game and player count at which clones are checked (half of them cloned into a used state). */
const CLONE_POINTS = 16;
const ILLEGAL_GAMES = 12;
const INVARIANT_GAMES = 40;
const TERMINAL_GAMES = 6;

/**
 * A state at a random point of a random game: dealt from `seed`, then played
 * with uniform random actions for a number of decisions drawn uniformly from
 * 0..L-1, where L is the length of the whole game those actions play.
 */
function randomPoint(game: AnyGame, variant: Variant, seed: string, pick: Rng): GameStateBase {
  const whole = game.newState(variant);
  game.deal(whole, createRng(seed));
  const actions: number[] = [];
  const bot = createRng(`${seed}/bot`);
  const legal = new Int32Array(game.numDistinctActions(variant));
  while (!game.isTerminal(whole)) {
    const a = legal[bot.int(game.legalActions(whole, legal))]!;
    actions.push(a);
    game.apply(whole, a);
  }
  const k = pick.int(actions.length);
  const s = game.newState(variant);
  game.deal(s, createRng(seed));
  for (let i = 0; i < k; i++) game.apply(s, actions[i]!);
  return s;
}

/**
 * Plays `a` and `b` on to the end with the same actions (uniform over `a`'s
 * legal actions, from `rng`): before every action both must have the same
 * current seat, legal actions and observation for every seat, and at the
 * end the same result and the same state field by field.
 * @throws Error naming `where`, the step and the first difference.
 */
function lockstep(game: AnyGame, a: GameStateBase, b: GameStateBase, rng: Rng, where: string): void {
  const K = game.numDistinctActions(a.variant);
  const la = new Int32Array(K);
  const lb = new Int32Array(K);
  const oa = game.newObservation(a.variant);
  const ob = game.newObservation(a.variant);
  for (let step = 0; ; step++) {
    const fail = (what: string): never => {
      throw new Error(`${where}, played on in step with its clone, step ${step}: ${what}`);
    };
    if (game.isTerminal(a) !== game.isTerminal(b)) fail('one has ended, the other not');
    for (let p = 0; p < a.players; p++) {
      const d = stateDiff(game.observe(a, p, oa), game.observe(b, p, ob));
      if (d !== null) fail(`seat ${p}'s observations differ at ${d}`);
    }
    if (game.isTerminal(a)) break;
    if (game.currentSeat(a) !== game.currentSeat(b)) fail('the current seats differ');
    const n = game.legalActions(a, la);
    if (game.legalActions(b, lb) !== n || la.subarray(0, n).some((x, i) => x !== lb[i])) fail('the legal actions differ');
    const x = la[rng.int(n)]!;
    game.apply(a, x);
    game.apply(b, x);
  }
  expect(game.result(b)).toEqual(game.result(a));
  const d = stateDiff(a, b);
  if (d !== null) throw new Error(`${where}: at the end of the game played in step with its clone the states differ at ${d}`);
}

/** The own fields of `a` and `b` holding typed arrays over the same memory (a clone must share none). */
function sharedArrays(a: object, b: object): string[] {
  const out: string[] = [];
  const bufs = new Map<ArrayBufferLike, string>();
  for (const [k, v] of Object.entries(a)) if (ArrayBuffer.isView(v)) bufs.set(v.buffer, k);
  for (const [k, v] of Object.entries(b)) if (ArrayBuffer.isView(v) && bufs.has(v.buffer)) out.push(k);
  return out;
}

/** What `f` throws, or null. */
function throwOf(f: () => void): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return null;
}

/** What a game may change in the conformance suite: only how much it plays, never what is checked. */
export interface ConformanceOptions {
  /** Variants besides the defaults (`suiteVariants` in helpers.ts): `label` is appended to the test names. */
  readonly variants?: readonly { readonly label: string; readonly given: Readonly<Record<string, VariantValue>> }[];
  /**
   * Games in which illegal ids are tried (default 12); the check plays on
   * (up to 100 times as many) until it has tried more than 50 ids, which a
   * game of a few decisions with every id legal (High Card: P decisions, ids
   * 0 and 1) reaches only over more games.
   */
  readonly illegalGames?: number;
}

/**
 * Declares the conformance tests of one game: a vitest `describe` block named
 * `conformance: <id>`, at its minimum, default and maximum player counts.
 * Call it at the top level of a test file.
 * @param game a registered game (its `info.id` names the block).
 */
export function conformanceSuite(game: AnyGame, options: ConformanceOptions = {}): void {
  const id = game.info.id;
  const illegalGames = options.illegalGames ?? ILLEGAL_GAMES;
  const playerCounts = [...new Set([game.info.minPlayers, game.info.defaultPlayers, game.info.maxPlayers])];
  describe(`conformance: ${id}`, () => {
    for (const players of playerCounts)
      for (const extra of options.variants ?? [{ label: '', given: {} }]) {
        let variant: ReturnType<typeof resolveGameVariant>;
        try {
          variant = resolveGameVariant(game, { ...extra.given, players });
        } catch {
          continue; // a combination the game refuses at this table size (e.g. Black Cat at 9 players)
        }
        const tag = `${players} players${extra.label}`;

        const decodes = game.legalCount !== undefined && game.legalAt !== undefined;
        it(`${tag}: random playouts end within maxDecisions; legal actions non-empty, ascending, in range${decodes ? '; legalCount and legalAt agree with them' : ''}`, () => {
          const K = game.numDistinctActions(variant);
          expect(game.legalCount === undefined).toBe(game.legalAt === undefined);
          for (let g = 0; g < GAMES_PER_VARIANT; g++) {
            const s = game.newState(variant);
            game.deal(s, createRng(`conf-${g}`));
            playOut(game, s, createRng(`bot-${g}`), (st, legal, n) => {
              // Plain checks (not expect) on this hot loop; a failure names the game and step.
              const seat = game.currentSeat(st);
              if (n <= 0) throw new Error(`${id} game ${g}: no legal action`);
              if (!(seat >= 0 && seat < players)) throw new Error(`${id} game ${g}: current seat ${seat}`);
              for (let i = 0; i < n; i++) {
                const a = legal[i]!;
                if (!(a >= 0 && a < K)) throw new Error(`${id} game ${g}: action ${a} out of range`);
                if (i > 0 && a <= legal[i - 1]!) throw new Error(`${id} game ${g}: legal actions not ascending`);
              }
              if (decodes) {
                const c = game.legalCount!(st);
                if (c !== n) throw new Error(`${id} game ${g}: legalCount ${c}, legalActions listed ${n}`);
                for (let i = 0; i < n; i++) {
                  const a = game.legalAt!(st, i);
                  if (a !== legal[i]) throw new Error(`${id} game ${g}: legalAt(${i}) = ${a}, legalActions listed ${legal[i]}`);
                }
              }
            });
            const r = game.result(s);
            assert.equal(r.scores.length, players, `${id} game ${g}: scores`);
            for (const w of r.winners) assert.ok(w >= 0 && w < players, `${id} game ${g}: winner ${w}`);
          }
        });

        it(`${tag}: the same seed and actions give the same record`, () => {
          const a = recordedRandomGame(game, variant, 'same-seed', 'bots');
          const b = recordedRandomGame(game, variant, 'same-seed', 'bots');
          expect(JSON.stringify(b)).toBe(JSON.stringify(a));
          const c = recordedRandomGame(game, variant, 'other-seed', 'bots');
          expect(JSON.stringify(c.rounds[0])).not.toBe(JSON.stringify(a.rounds[0]));
        });

        it(`${tag}: records replay to the identical game`, () => {
          for (let g = 0; g < 40; g++) {
            const rec = recordedRandomGame(game, variant, `rec-${g}`, `recbot-${g}`);
            const line = JSON.parse(JSON.stringify(rec));
            expect(JSON.stringify(replayRecord(game, line))).toBe(JSON.stringify(rec));
          }
        });

        it(`${tag}: a clone equals the original field by field (generator words included), plays on exactly as the original does, and playing it changes nothing in the original`, () => {
          const pick = createRng(`clone-${players}`);
          for (let g = 0; g < CLONE_POINTS; g++) {
            const s = randomPoint(game, variant, `clone-${g}`, pick);
            // Every other point clones into a used state (dealt from another seed and played on).
            const into = g % 2 === 1 ? randomPoint(game, variant, `clone-into-${g}`, pick) : undefined;
            const c = game.clone(s, into);
            if (into !== undefined) expect(c).toBe(into);
            const where = `${id} ${players}p point ${g}${into ? ' (clone into a used state)' : ''}`;
            expect(stateDiff(s, c), `${where}: the clone differs from the original at`).toBeNull();
            expect(c.rng === s.rng, `${where}: the clone shares the original's generator`).toBe(false);
            expect(c.recorder).toBeNull();
            expect(sharedArrays(s, c), `${where}: the clone shares typed arrays with the original`).toEqual([]);
            const before = stateCopy(s);
            playOut(game, c, createRng(`clone-play-${g}`));
            expect(stateDiff(before, s), `${where}: playing the clone to the end changed the original at`).toBeNull();
            lockstep(game, s, game.clone(s), createRng(`clone-lockstep-${g}`), where);
          }
        });

        it(`${tag}: apply throws RuleError on an action that is not legal, at random points of random games, and leaves the state as it was`, () => {
          const K = game.numDistinctActions(variant);
          const legal = new Int32Array(K);
          const rng = createRng(`illegal-${players}`);
          let probe: GameStateBase | undefined;
          let tried = 0;
          // Past `illegalGames`, games go on until more than 50 ids were tried (a small game with few illegal ids, as a copy of High Card).
          for (let g = 0; g < illegalGames || (tried <= 50 && g < 100 * illegalGames); g++) {
            const s = game.newState(variant);
            game.deal(s, createRng(`illegal-${g}`));
            while (!game.isTerminal(s)) {
              const n = game.legalActions(s, legal);
              if (rng.int(3) === 0) {
                // Ids in range but not legal, then a few that are no action id at all.
                const ids: number[] = [];
                for (let k = 0; k < 3 && n < K; k++) {
                  let a = rng.int(K);
                  while (indexInSorted(legal, n, a) >= 0) a = (a + 1) % K;
                  ids.push(a);
                }
                if (rng.int(4) === 0) ids.push(-1, K, legal[0]! + 0.5);
                for (const [k, a] of ids.entries()) {
                  probe = game.clone(s, probe);
                  // Some probes after legalCount, which a game may cache for apply.
                  if (k === 1) game.legalCount?.(probe);
                  const thrown = throwOf(() => game.apply(probe!, a));
                  const where = `${id} ${players}p game ${g}: apply of illegal action ${a} (legal: ${Array.from(legal.subarray(0, n)).join(' ')})`;
                  if (!(thrown instanceof RuleError)) throw new Error(`${where} ${thrown === null ? 'did not throw' : `threw ${String(thrown)}`}`);
                  const d = stateDiff(s, probe);
                  if (d !== null) throw new Error(`${where} threw but changed the state at ${d}`);
                  tried++;
                }
              }
              game.apply(s, legal[rng.int(n)]!);
            }
          }
          expect(tried).toBeGreaterThan(50);
        });

        if (game.applyLegal !== undefined) {
          it(`${tag}: applyLegal has the effect of apply at every step of random games (the contract's "applyLegal")`, () => {
            const applyLegal = game.applyLegal!;
            const legal = new Int32Array(game.numDistinctActions(variant));
            const rng = createRng(`apply-legal-${players}`);
            let twin: GameStateBase | undefined;
            let steps = 0;
            for (let g = 0; g < illegalGames; g++) {
              const s = game.newState(variant);
              game.deal(s, createRng(`apply-legal-${g}`));
              while (!game.isTerminal(s)) {
                const n = game.legalActions(s, legal);
                const a = legal[rng.int(n)]!;
                twin = game.clone(s, twin);
                applyLegal(twin, a);
                game.apply(s, a);
                const d = stateDiff(s, twin);
                if (d !== null) throw new Error(`${id} ${players}p game ${g} step ${steps}: applyLegal(${a}) and apply(${a}) differ at ${d}`);
                steps++;
              }
            }
            expect(steps).toBeGreaterThan(0);
          });
        }

        it(`${tag}: checkInvariants holds after the deal and after every action; legalActions writes nothing at or past numDistinctActions`, () => {
          expect(typeof game.checkInvariants).toBe('function');
          const K = game.numDistinctActions(variant);
          const GUARD = 16;
          const legal = new Int32Array(K + GUARD);
          for (let g = 0; g < INVARIANT_GAMES; g++) {
            const s = game.newState(variant);
            game.deal(s, createRng(`inv-${g}`));
            const rng = createRng(`inv-bot-${g}`);
            game.checkInvariants!(s);
            for (let step = 0; !game.isTerminal(s); step++) {
              legal.fill(-7, K);
              const n = game.legalActions(s, legal);
              for (let i = K; i < K + GUARD; i++)
                if (legal[i] !== -7) throw new Error(`${id} ${players}p game ${g} step ${step}: legalActions wrote entry ${i}, past numDistinctActions ${K}`);
              game.apply(s, legal[rng.int(n)]!);
              try {
                game.checkInvariants!(s);
              } catch (e) {
                throw new Error(`${id} ${players}p game ${g}, after action ${step}: ${String(e)}`);
              }
            }
          }
        });

        it(`${tag}: a finished game has current seat -1, no legal actions, observations for every seat, and apply throws RuleError; none of them changes it`, () => {
          const K = game.numDistinctActions(variant);
          const legal = new Int32Array(K);
          const rng = createRng(`terminal-${players}`);
          for (let g = 0; g < TERMINAL_GAMES; g++) {
            const s = game.newState(variant);
            game.deal(s, createRng(`terminal-${g}`));
            playOut(game, s, createRng(`terminal-bot-${g}`));
            const before = stateCopy(s);
            const result = game.result(s);
            expect(game.isTerminal(s)).toBe(true);
            expect(game.currentSeat(s)).toBe(-1);
            expect(game.legalActions(s, legal)).toBe(0);
            if (game.legalCount) expect(game.legalCount(s)).toBe(0);
            for (let p = 0; p < players; p++) {
              const o = game.observe(s, p, game.newObservation(variant));
              expect(stateDiff(o, game.observe(s, p, game.newObservation(variant)))).toBeNull();
            }
            for (let k = 0; k < 8; k++) {
              const a = rng.int(K);
              expect(
                throwOf(() => game.apply(s, a)),
                `${id} ${players}p: apply(${a}) on a finished game`,
              ).toBeInstanceOf(RuleError);
            }
            expect(game.isTerminal(s)).toBe(true);
            expect(game.result(s)).toEqual(result);
            expect(stateDiff(before, s)).toBeNull();
          }
        });

        it(`${tag}: observe(determinize(observe(s, p)), p) equals observe(s, p), and the sample plays on`, () => {
          const rng = createRng('det');
          for (let g = 0; g < 60; g++) {
            const s = game.newState(variant);
            game.deal(s, createRng(`det-${g}`));
            const steps = rng.int(60);
            for (let i = 0; i < steps && !game.isTerminal(s); i++) {
              const l = legalList(game, s);
              game.apply(s, l[rng.int(l.length)]!);
            }
            if (game.isTerminal(s)) continue;
            const p = rng.int(players);
            const o = game.observe(s, p, game.newObservation(variant));
            const want = snapshot(o);
            const d = game.determinize(o, createRng(`det-sample-${g}`), game.newState(variant));
            // node:assert, not expect, per game (expect costs about 10 µs a call; the suite makes tens of thousands).
            const where = `${id} ${players}p game ${g}, seat ${p}`;
            assert.deepEqual(snapshot(game.observe(d, p, game.newObservation(variant))), want, `${where}: the sample's observation`);
            assert.deepEqual(snapshot(o), want, `${where}: determinize changed the observation`);
            assert.ok(legalList(game, d).length > 0, `${where}: the sample has no legal action`);
            if (game.currentSeat(s) === p) assert.deepEqual(legalList(game, d), legalList(game, s), `${where}: the sample's legal actions`);
            playOut(game, d, createRng(`det-play-${g}`));
          }
        });
      }
  });
}
