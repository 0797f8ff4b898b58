import type { GameStateBase } from '../core/game.js';
import { replayRecord } from '../core/replay.js';
import { buildRecord, RoundCollector } from '../core/record.js';
import { getGame, type AnyGame } from '../core/registry.js';
import { dealRng, Rng } from '../core/rng.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../core/variant.js';

/** A broken invariant, with what reproduces it. */
export interface Violation {
  readonly game: string;
  readonly variant: Variant;
  /** The game seed; the random actions come from `${seed}/actions`. */
  readonly seed: string;
  readonly step: number;
  readonly message: string;
}

/**
 * A random variant of a game: each int parameter uniform from its minimum to
 * twice its default (within its declared range), each bool and enum uniform
 * over its values; string parameters (file
 * paths) keep their defaults. Combinations the game refuses are drawn again.
 */
export function randomVariant(game: AnyGame, rng: Rng): Variant {
  for (let attempt = 0; attempt < 100; attempt++) {
    const given: Record<string, VariantValue> = {};
    for (const p of game.info.params) {
      if (rng.int(3) === 0) continue; // often keep the default
      if (p.kind === 'int') {
        // Up to twice the default (whole ranges can make games a hundred times longer).
        const d = typeof p.default === 'number' ? p.default : p.min;
        const hi = Math.min(p.max, Math.max(2 * d, p.min + 4));
        given[p.key] = p.min + rng.int(hi - p.min + 1);
      } else if (p.kind === 'bool') given[p.key] = rng.int(2) === 1;
      else if (p.kind === 'enum') given[p.key] = p.choices[rng.int(p.choices.length)]!;
    }
    try {
      return resolveGameVariant(game, given);
    } catch {
      // an impossible combination (e.g. too many cards): draw again
    }
  }
  return resolveGameVariant(game, {});
}

function snapshot(o: object): string {
  return JSON.stringify(o, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v));
}

/** What to check besides legality, termination and the game's own invariants. */
export interface FuzzChecks {
  /** Compare observe(determinize(observe(s, p)), p) with observe(s, p) at this many random steps. */
  readonly observationChecks: number;
  /** Record the game and replay it. */
  readonly replay: boolean;
}

/**
 * Plays one game with uniform random actions and every check on.
 * @returns the first violation, or null.
 */
export function fuzzOne(game: AnyGame, variant: Variant, seed: string, checks: FuzzChecks): Violation | null {
  const at = (step: number, message: string): Violation => ({ game: game.info.id, variant, seed, step, message });
  const rng = new Rng(`${seed}/actions`);
  let s: GameStateBase;
  try {
    s = game.newState(variant);
  } catch (e) {
    return at(0, `newState threw: ${(e as Error).message}`);
  }
  const collector = checks.replay ? new RoundCollector() : null;
  s.recorder = collector;
  const K = game.numDistinctActions(variant);
  const legal = new Int32Array(K);
  const bound = game.maxDecisions(variant);
  const P = s.players;
  const obs = game.newObservation(variant);
  const scratch = game.newState(variant);
  let step = 0;
  try {
    game.deal(s, dealRng(seed));
    const observeAt = new Set<number>();
    for (let i = 0; i < checks.observationChecks; i++) observeAt.add(rng.int(60));
    while (!game.isTerminal(s)) {
      const seat = game.currentSeat(s);
      if (!(seat >= 0 && seat < P)) return at(step, `current seat ${seat} out of range`);
      const n = game.legalActions(s, legal);
      if (n <= 0) return at(step, 'no legal action in a non-terminal state');
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        if (!(a >= 0 && a < K)) return at(step, `legal action ${a} out of range 0..${K - 1}`);
        if (i > 0 && a <= legal[i - 1]!) return at(step, 'legal actions not strictly ascending');
      }
      if (observeAt.has(step)) {
        const p = rng.int(P);
        const want = snapshot(game.observe(s, p, obs));
        const d = game.determinize(obs, new Rng(`${seed}/det/${step}`), scratch);
        if (snapshot(game.observe(d, p, game.newObservation(variant))) !== want) return at(step, `observation of seat ${p} not preserved by determinization`);
      }
      game.apply(s, legal[rng.int(n)]!);
      game.checkInvariants?.(s);
      if (++step > bound) return at(step, `no end within ${bound} decisions`);
    }
    const r = game.result(s);
    if (r.scores.length !== P) return at(step, `result has ${r.scores.length} scores for ${P} seats`);
    for (const w of r.winners) if (!(w >= 0 && w < P)) return at(step, `winner ${w} out of range`);
    if (collector) {
      s.recorder = null;
      const rec = buildRecord(
        game.info.id,
        variant,
        seed,
        Array.from({ length: P }, () => 'random'),
        collector.rounds,
        r,
      );
      const line = JSON.stringify(rec);
      if (JSON.stringify(replayRecord(game, JSON.parse(line))) !== line) return at(step, 'the record does not replay to the same game');
    }
  } catch (e) {
    return at(step, `threw: ${(e as Error).message.split('\n')[0]}`);
  }
  return null;
}

/** A slice of a fuzz run: games [start, end) of one game id, seeds derived from the run seed. */
export interface FuzzTask {
  readonly gameId: string;
  readonly runSeed: string;
  readonly start: number;
  readonly end: number;
  /** Stop early after this many ms (0: never). */
  readonly deadlineMs: number;
}

/** The result of a slice: games played and the violations found (at most 10). */
export interface FuzzResult {
  readonly games: number;
  readonly violations: Violation[];
}

/**
 * Plays a slice of a fuzz run: game i uses a random variant and seed drawn
 * from (run seed, game id, i), so every violation is reproducible alone.
 */
export function fuzzSlice(task: FuzzTask): FuzzResult {
  const game = getGame(task.gameId);
  const violations: Violation[] = [];
  const t0 = Date.now();
  let games = 0;
  for (let i = task.start; i < task.end; i++) {
    if (task.deadlineMs > 0 && Date.now() - t0 > task.deadlineMs) break;
    const seed = `${task.runSeed}/${task.gameId}/${i}`;
    const variant = randomVariant(game, new Rng(`${seed}/variant`));
    const v = fuzzOne(game, variant, seed, { observationChecks: i % 20 === 0 ? 3 : 0, replay: i % 50 === 0 });
    games++;
    if (v) {
      violations.push(v);
      if (violations.length >= 10) break;
    }
  }
  return { games, violations };
}
