/**
 * `npm run tourney -- --sweep KEY=v1,v2,...`: one tourney per value on the
 * same seeds (`SweepSpec`), its spec kept in `sweep-plan.json` so that
 * `--resume DIR` carries the sweep on; and `--resume` of a tourney.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { resolveGameVariant } from '../core/variant.js';
import { writeFileAtomic } from '../io/files.js';
import { wrapProse } from '../report/terminal.js';
import { readCheckpoint } from '../tourney/run.js';
import { CHECKPOINT_FILE } from '../tourney/checkpoint.js';
import { SWEEP_PLAN_FILE } from '../results/registry.js';
import { readBalanceFile } from '../results/balance-file.js';
import { readSummaryFile } from '../results/summary-file.js';
import { resumeRun } from './execute.js';
import { checkLineupVariant } from '../../bots/index.js';
import { defaultEntries } from './lineups.js';
import { claimResumeDir, finish, writePageAndName } from './run-dir.js';
import { sweepSpecSchema, tourneySpecSchema, type SweepSpec, type TourneySpec } from './run-spec.js';
import { parseSweep } from './sweep.js';
import { type SweepRun, sweepComparison } from '../analysis/sweep.js';
import { writeSweepFiles } from '../results/sweep-file.js';
import { sweepText } from './sweep-text.js';
import { finishTourney, playTourney, type Session } from './tourney-run.js';

/** The version of `sweep-plan.json`; 2: the sweep's spec, whole (1 held its runs without their faults and files). */
const SWEEP_PLAN_VERSION = 2;

const sweepPlanSchema = z.object({ version: z.literal(SWEEP_PLAN_VERSION), spec: sweepSpecSchema });

/**
 * The spec of a sweep: the tourney `base` under each value of `--sweep`'s
 * parameter, on the same seeds and deals; with `--sweep players`, each value
 * with its default line-up.
 * @param given the parsed `--variant` (its `players` set by the line-up).
 * @throws UsageError on a malformed sweep, or `--sweep players` with `--bots`;
 *   BotSpecError when a bot cannot play a value's table (`checkLineupVariant`).
 */
export function sweepSpec(base: TourneySpec, game: AnyGame, given: Readonly<Record<string, string | number>>, text: string, botsGiven: boolean): SweepSpec {
  const sweep = parseSweep(text, game);
  if (sweep.key === 'players' && botsGiven) throw new UsageError('--sweep players needs the default line-up: leave out --bots');
  const runs = sweep.values.map((value) => {
    const variant = resolveGameVariant(game, { ...given, [sweep.key]: value });
    const lineup = sweep.key === 'players' ? defaultEntries(game, variant) : base.lineup;
    checkLineupVariant(
      lineup.map((e) => e.bot),
      game,
      variant,
    );
    return { value, spec: { ...base, variant, lineup } };
  });
  return { kind: 'sweep', key: sweep.key, runs };
}

/** Starts a sweep in its claimed directory: its spec written (`sweep-plan.json`), then its runs. */
export function startSweep(spec: SweepSpec, dir: string, session: Session): Promise<number> {
  writeFileAtomic(join(dir, SWEEP_PLAN_FILE), `${JSON.stringify({ version: SWEEP_PLAN_VERSION, spec }, null, 2)}\n`);
  return runSweep(spec, dir, session, false);
}

/**
 * Reads a sweep's spec from its `sweep-plan.json`.
 * @throws UsageError when the file is another version's, or damaged.
 */
function readSweepPlan(dir: string, shown: string): SweepSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, SWEEP_PLAN_FILE), 'utf8'));
  } catch {
    throw new UsageError(`--resume ${shown}: ${SWEEP_PLAN_FILE} is not JSON (damaged?)`);
  }
  const parsed = sweepPlanSchema.safeParse(raw);
  if (parsed.success) return parsed.data.spec;
  const version = raw !== null && typeof raw === 'object' && 'version' in raw ? raw.version : undefined;
  if (version !== SWEEP_PLAN_VERSION) throw new UsageError(`--resume ${shown}: ${SWEEP_PLAN_FILE} of another ninefold version`);
  throw new UsageError(`--resume ${shown}: ${SWEEP_PLAN_FILE} is damaged or edited`);
}

/**
 * Carries on a stopped tournament from its directory: a sweep from its
 * `sweep-plan.json` (each value's run resumed, replayed or read back), or one
 * run from its checkpoint's spec.
 * @returns the exit code.
 * @throws UsageError when the directory holds another command's run or another version's sweep.
 */
export async function resumeTourney(resume: string, session: Session): Promise<number> {
  const at = resolve(resume);
  if (existsSync(join(at, SWEEP_PLAN_FILE)) && !existsSync(join(at, CHECKPOINT_FILE))) {
    const dir = claimResumeDir(resume);
    return runSweep(readSweepPlan(dir, resume), dir, session, true);
  }
  const { dir, checkpoint, spec } = await resumeRun(resume, tourneySpecSchema, 'tourney');
  const r = await playTourney(spec, dir, session, checkpoint);
  return finishTourney(spec, r.summary, dir, session);
}

/**
 * Plays a sweep's runs in order and writes the comparison. On a resume, a
 * value whose run is complete is read back from its files, a stopped one is
 * resumed from its checkpoint, and the others are played. The comparison
 * prints first, each value's own tables after it (held until the sweep ends).
 */
async function runSweep(sweep: SweepSpec, dir: string, session: Session, resume: boolean): Promise<number> {
  const runs: SweepRun[] = [];
  // Each value's own tables wait until the comparison is printed: the comparison comes first.
  const held: string[] = [];
  const hold = (text: string): void => {
    held.push(text);
  };
  for (const p of sweep.runs) {
    const sub = join(dir, `${sweep.key}=${p.value}`);
    const summary = resume ? readSummaryFile(sub) : null;
    const balance = summary?.complete === true ? readBalanceFile(sub) : null;
    if (summary && balance) {
      hold(`\n${wrapProse(`== ${sweep.key}=${p.value} == (complete, read from ${sub})`)}\n`);
      runs.push({ value: p.value, summary, balance });
      continue;
    }
    hold(`\n== ${sweep.key}=${p.value} ==\n`);
    const cp = resume && existsSync(join(sub, CHECKPOINT_FILE)) ? readCheckpoint(sub) : undefined;
    const r = await playTourney(p.spec, sub, session, cp, hold);
    // The sweep's own page needs every value: a stopped sweep prints what it played and names the page of the value it stopped in.
    if (!r.summary.complete) {
      process.stdout.write(held.join(''));
      return finish('tourney', false, r.summary.games, dir, session.stopper.received(), ' (a sweep: --resume carries on the sweep)', sub);
    }
    runs.push({ value: p.value, ...r });
  }
  // The comparison (sweep.json and its CSV files, `sweepComparison`) prints first.
  const comparison = sweepComparison(sweep.key, runs);
  writeSweepFiles(comparison, dir);
  process.stdout.write(`${wrapProse(sweepText(comparison))}\n`);
  process.stdout.write(`${held.join('')}\nresults: ${dir}\n`);
  await writePageAndName(dir);
  return 0;
}
