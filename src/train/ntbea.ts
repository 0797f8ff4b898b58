/**
 * NTBEA, the N-Tuple Bandit Evolutionary Algorithm (S. M. Lucas, J. Liu and
 * D. Perez-Liebana, "The N-Tuple Bandit Evolutionary Algorithm for Game
 * Agent Optimisation", IEEE CEC 2018, arXiv:1802.05991), as TAG's
 * `ParameterSearch` uses it to tune agents and games.
 *
 * The space is discrete: each dimension has a few levels (`space.ts`). A
 * model keeps, for every 1-tuple, every 2-tuple and the full tuple of
 * dimensions, the count and sum of the fitness of the evaluated points that
 * share its levels. Each iteration evaluates the current point once (a noisy
 * fitness), adds it to the model, then draws `neighbours` mutants of it
 * (one dimension forced to another level, every other one mutated with
 * probability 1/d) and moves to the mutant with the highest UCB value:
 * the mean over tuples of the tuple's mean fitness plus
 * k · sqrt(ln(evaluations + 1) / (n + ε)), ε = 0.5 (tuples never seen add
 * the exploration term alone). After the last iteration the recommendation
 * is the evaluated point with the highest model mean (no exploration).
 *
 * k is in units of the fitness noise: `k` times the mean standard error of
 * one evaluation so far (the paper's k = 2 was for single games with
 * outcomes in [0, 1]; an evaluation here is many games on duplicate deals,
 * whose noise the run measures).
 * Pure functions over plain data (the model is written to the checkpoint).
 */
import type { Rng } from '../core/rng.js';

/** NTBEA's settings (`npm run train -- --method ntbea`). */
export interface NtbeaSettings {
  /** Levels of each dimension (`levelsOf`), in dimension order. */
  readonly levels: readonly number[];
  /** Exploration constant, in standard errors of one evaluation (default 2). */
  readonly k: number;
  /** Mutants considered per iteration (default 50, the paper's and TAG's neighbourhood size). */
  readonly neighbours: number;
}

/** A point as level indices, one per dimension. */
export type LevelPoint = readonly number[];

/** The statistics of one tuple value: evaluations and their fitness sum. */
interface Cell {
  n: number;
  sum: number;
}

/** NTBEA's model and search state between iterations (plain data). */
export interface NtbeaState {
  /** The point to evaluate next. */
  readonly current: readonly number[];
  /** Evaluations so far. */
  readonly evaluations: number;
  /** Sum of the evaluations' standard errors (k's scale). */
  readonly seSum: number;
  /** Tuple statistics: key `tupleIndex|levels` → [n, sum]. */
  readonly cells: Readonly<Record<string, readonly [number, number]>>;
  /** Every evaluated point (as level indices joined by ',') → [n, sum] of its own evaluations. */
  readonly points: Readonly<Record<string, readonly [number, number]>>;
}

/** The tuples of a d-dimensional space: each single dimension, each pair, and all of them (d > 2). */
export function tuples(d: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < d; i++) out.push([i]);
  for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) out.push([i, j]);
  if (d > 2) out.push(Array.from({ length: d }, (_, i) => i));
  return out;
}

function cellKey(t: number, tuple: readonly number[], p: LevelPoint): string {
  return `${t}|${tuple.map((i) => p[i]).join(',')}`;
}

/** A fresh search starting at `start`. */
export function ntbeaStart(start: LevelPoint): NtbeaState {
  return { current: [...start], evaluations: 0, seSum: 0, cells: {}, points: {} };
}

/** The state after evaluating `state.current` with fitness `f` (standard error `se`). */
export function ntbeaRecord(state: NtbeaState, f: number, se: number): NtbeaState {
  const d = state.current.length;
  const cells: Record<string, readonly [number, number]> = { ...state.cells };
  tuples(d).forEach((tuple, t) => {
    const key = cellKey(t, tuple, state.current);
    const c = cells[key] ?? [0, 0];
    cells[key] = [c[0] + 1, c[1] + f];
  });
  const pk = state.current.join(',');
  const p = state.points[pk] ?? [0, 0];
  return {
    current: state.current,
    evaluations: state.evaluations + 1,
    seSum: state.seSum + (Number.isFinite(se) ? se : 0),
    cells,
    points: { ...state.points, [pk]: [p[0] + 1, p[1] + f] },
  };
}

/** The model's value of a point: the mean over tuples of their means (tuples never seen left out), plus `k` · sqrt(ln(N + 1) / (n + 0.5)) averaged over all tuples. */
export function ntbeaValue(state: NtbeaState, p: LevelPoint, k: number): number {
  const ts = tuples(p.length);
  let mean = 0;
  let seen = 0;
  let bonus = 0;
  const logN = Math.log(state.evaluations + 1);
  ts.forEach((tuple, t) => {
    const c: Cell = ((x) => (x ? { n: x[0], sum: x[1] } : { n: 0, sum: 0 }))(state.cells[cellKey(t, tuple, p)]);
    if (c.n > 0) {
      mean += c.sum / c.n;
      seen++;
    }
    bonus += Math.sqrt(logN / (c.n + 0.5));
  });
  return (seen > 0 ? mean / seen : 0) + (k * bonus) / ts.length;
}

/** A mutant of `p`: one dimension forced to another level, each other one re-drawn with probability 1/d. */
function mutate(p: LevelPoint, levels: readonly number[], rng: Rng): number[] {
  const d = p.length;
  const out = [...p];
  const forced = rng.int(d);
  for (let i = 0; i < d; i++) {
    const L = levels[i]!;
    if (L < 2) continue;
    if (i === forced || rng.next() < 1 / d) {
      const v = rng.int(L - 1);
      out[i] = v >= p[i]! ? v + 1 : v;
    }
  }
  return out;
}

/** The state with the next point to evaluate: the best of `neighbours` mutants of the current one by UCB value. */
export function ntbeaNext(s: NtbeaSettings, state: NtbeaState, rng: Rng): NtbeaState {
  const k = state.evaluations > 0 ? (s.k * state.seSum) / state.evaluations : 0;
  let best: number[] = [...state.current];
  let bestV = -Infinity;
  for (let i = 0; i < s.neighbours; i++) {
    const m = mutate(state.current, s.levels, rng);
    const v = ntbeaValue(state, m, k);
    if (v > bestV) {
      bestV = v;
      best = m;
    }
  }
  return { ...state, current: best };
}

/** An evaluated point as the model sees it. */
export interface RankedPoint {
  readonly point: number[];
  /** The model's mean (no exploration term). */
  readonly model: number;
  /** Its own evaluations and their mean fitness. */
  readonly evaluations: number;
  readonly mean: number;
}

/** The evaluated points, best model mean first (ties: evaluated most first, then first evaluated). */
export function ntbeaRanked(state: NtbeaState): RankedPoint[] {
  const out = Object.entries(state.points).map(([key, [n, sum]]) => {
    const point = key.split(',').map(Number);
    return { point, model: ntbeaValue(state, point, 0), evaluations: n, mean: sum / n };
  });
  return out.sort((a, b) => b.model - a.model || b.evaluations - a.evaluations);
}

/**
 * The recommendation: the evaluated point with the highest model mean (ties: the one evaluated most, then the first).
 * @throws Error when nothing was evaluated.
 */
export function ntbeaBest(state: NtbeaState): RankedPoint {
  const best = ntbeaRanked(state)[0];
  if (!best) throw new Error('NTBEA: no point evaluated');
  return best;
}
