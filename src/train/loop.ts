/**
 * The iterations of a bot-training run (`npm run train`): SPSA or NTBEA over
 * the tuned parameters of one bot, each iteration measured on its own deals
 * (`evaluate.ts`). After every iteration the whole state (optimizer, learning
 * curve, games played) is handed back to be written to `train-state.json`, so a stopped run
 * resumes at the iteration it was in, replaying only that iteration's games;
 * the optimizers' random draws are seeded per iteration, so a resumed run ends
 * exactly as an uninterrupted one. The loop itself writes nothing; the
 * command persists each state it is handed.
 */
import { Rng } from '../core/rng.js';
import { specText } from '../../bots/spec.js';
import { evaluateOne, evaluatePair, type Arena, type Fitness } from './evaluate.js';
import { ntbeaBest, ntbeaNext, ntbeaRecord, ntbeaStart, type NtbeaSettings, type NtbeaState } from './ntbea.js';
import { coordinateOf, pointParams, valueAt, type Dimension, type Point } from './space.js';
import { spsaProbe, spsaUpdate, type SpsaSettings, type SpsaState } from './spsa.js';

/** What a training run tunes and how (kept in `train-state.json`). */
export interface TrainPlan {
  readonly method: 'spsa' | 'ntbea';
  /** The bot's name and the parameters the user gave it (kept as given in every candidate). */
  readonly bot: string;
  readonly given: Readonly<Record<string, string>>;
  readonly dims: readonly Dimension[];
  readonly iterations: number;
  readonly gamesPerIteration: number;
  readonly spsa: SpsaSettings | null;
  readonly ntbea: NtbeaSettings | null;
  /** NTBEA: the levels of each dimension (`levelsOf`); `ntbea.levels` are their counts. */
  readonly values: readonly (readonly (number | string)[])[] | null;
}

/** One row of the learning curve (`curve.csv`, `curve.json`). */
export interface CurveRow {
  readonly iteration: number;
  /** Games played up to the end of this iteration. */
  readonly games: number;
  /** SPSA: θ played around; NTBEA: the point evaluated. */
  readonly params: Readonly<Record<string, number | string>>;
  /** SPSA: the fitness of θ (mean of θ⁺ and θ⁻ on the iteration's deals); NTBEA: the evaluated point's. */
  readonly fitness: Fitness;
  /** SPSA: θ⁺ − θ⁻ (paired by deal); NTBEA: null. */
  readonly difference: Fitness | null;
  /** NTBEA: the recommendation so far and its model mean; SPSA: θ after the update. */
  readonly best: Readonly<Record<string, number | string>>;
  readonly bestModel: number | null;
}

/** The state between iterations. */
export interface TrainState {
  readonly version: 1;
  readonly iteration: number;
  readonly games: number;
  readonly spsa: SpsaState | null;
  readonly ntbea: NtbeaState | null;
  readonly curve: readonly CurveRow[];
  readonly seconds: number;
}

/** The spec text of the bot at a point: the user's parameters, with the tuned ones replaced. */
export function specAt(plan: TrainPlan, p: Point): string {
  return specText(plan.bot, { ...plan.given, ...pointParams(plan.dims, p) });
}

type Numeric = Extract<Dimension, { kind: 'int' | 'float' }>;

/** SPSA's normalized θ as parameter values. */
function thetaPoint(dims: readonly Dimension[], theta: readonly number[]): Point {
  return dims.map((d, i) => valueAt(d as Numeric, theta[i]!));
}

/** NTBEA's level indices as parameter values. */
function levelPoint(plan: TrainPlan, levels: readonly number[]): Point {
  return plan.dims.map((_, i) => plan.values![i]![levels[i]!]!);
}

/** The start of a run. */
export function initialState(plan: TrainPlan): TrainState {
  const start = plan.dims.map((d) => d.start);
  const spsa: SpsaState | null =
    plan.method === 'spsa' ? { k: 0, theta: plan.dims.map((d, i) => coordinateOf(d as Numeric, start[i] as number)), a: null, seSum: 0, seCount: 0 } : null;
  const ntbea = plan.method === 'ntbea' ? ntbeaStart(plan.dims.map((d, i) => plan.values![i]!.indexOf(d.start))) : null;
  return { version: 1, iteration: 0, games: 0, spsa, ntbea, curve: [], seconds: 0 };
}

/** The tuned point of a state: SPSA's θ, NTBEA's recommendation. */
export function tunedPoint(plan: TrainPlan, s: TrainState): Point {
  if (plan.spsa && s.spsa) return thetaPoint(plan.dims, s.spsa.theta);
  return levelPoint(plan, ntbeaBest(s.ntbea!).point);
}

/**
 * Plays iterations until the plan's last (or a stop).
 * @param onIteration called with the state after each iteration (the caller writes it to `train-state.json`).
 * @returns the state reached; `complete` false when stopped (the iteration in progress is dropped).
 */
export async function train(
  plan: TrainPlan,
  arena: Arena,
  state: TrainState,
  onIteration?: (s: TrainState) => void,
): Promise<{ state: TrainState; complete: boolean }> {
  return trainWith(plan, botEvaluator(plan, arena), state, onIteration);
}

/** The evaluator of a bot-training run: each point is the bot's spec at that point (`specAt`). */
export function botEvaluator(plan: TrainPlan, arena: Arena): Evaluator {
  return {
    seed: arena.seed,
    one: (k, p) => evaluateOne(arena, k, specAt(plan, p)),
    pair: (k, plus, minus) => evaluatePair(arena, k, specAt(plan, plus), specAt(plan, minus)),
  };
}

/** How an iteration measures its candidates (points of the plan's space). */
export interface Evaluator {
  /** The run seed (the optimizers' draws of iteration k are seeded from it). */
  readonly seed: string;
  /** NTBEA: one point on iteration k's deals; null when stopped. */
  one(k: number, p: Point): Promise<Fitness | null>;
  /** SPSA: two points paired on iteration k's deals; null when stopped. */
  pair?(k: number, plus: Point, minus: Point): Promise<{ centre: Fitness; difference: Fitness } | null>;
}

/**
 * `train` with any evaluator (a bot's parameters, or a game's rules, `rules.ts`).
 * @throws Error for SPSA with an evaluator that cannot pair points.
 */
export async function trainWith(
  plan: TrainPlan,
  ev: Evaluator,
  state: TrainState,
  onIteration?: (s: TrainState) => void,
): Promise<{ state: TrainState; complete: boolean }> {
  let s = state;
  const t0 = process.hrtime.bigint();
  const seconds0 = s.seconds;
  while (s.iteration < plan.iterations) {
    const k = s.iteration;
    const rng = new Rng(`${ev.seed}/train/${k}/search`);
    let row: CurveRow;
    let next: TrainState;
    if (plan.spsa && s.spsa) {
      const probe = spsaProbe(plan.spsa, s.spsa, rng);
      const plus = thetaPoint(plan.dims, probe.plus);
      const minus = thetaPoint(plan.dims, probe.minus);
      if (!ev.pair) throw new Error('SPSA needs candidates that can be paired on the same deals');
      const r = await ev.pair(k, plus, minus);
      if (r === null) return { state: s, complete: false };
      const played = {
        plus: plus.map((x, i) => coordinateOf(plan.dims[i] as Numeric, x as number)),
        minus: minus.map((x, i) => coordinateOf(plan.dims[i] as Numeric, x as number)),
      };
      const spsa = spsaUpdate(plan.spsa, s.spsa, played, r.difference.value, r.difference.se);
      row = {
        iteration: k,
        games: s.games + plan.gamesPerIteration,
        params: pointParams(plan.dims, thetaPoint(plan.dims, s.spsa.theta)),
        fitness: r.centre,
        difference: r.difference,
        best: pointParams(plan.dims, thetaPoint(plan.dims, spsa.theta)),
        bestModel: null,
      };
      next = { ...s, spsa };
    } else {
      const nt = s.ntbea!;
      const point = levelPoint(plan, nt.current);
      const f = await ev.one(k, point);
      if (f === null) return { state: s, complete: false };
      const recorded = ntbeaRecord(nt, f.value, f.se);
      const best = ntbeaBest(recorded);
      row = {
        iteration: k,
        games: s.games + plan.gamesPerIteration,
        params: pointParams(plan.dims, point),
        fitness: f,
        difference: null,
        best: pointParams(plan.dims, levelPoint(plan, best.point)),
        bestModel: best.model,
      };
      next = { ...s, ntbea: k + 1 < plan.iterations ? ntbeaNext(plan.ntbea!, recorded, rng) : recorded };
    }
    s = {
      ...next,
      iteration: k + 1,
      games: row.games,
      curve: [...s.curve, row],
      seconds: seconds0 + Number(process.hrtime.bigint() - t0) / 1e9,
    };
    onIteration?.(s);
  }
  return { state: s, complete: true };
}
