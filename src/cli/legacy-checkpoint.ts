/**
 * A checkpoint of version 2 (before a run was a typed value) kept the command
 * that started the run and the options it needed to resume, beside the run's
 * config; this reads them as the spec they mean, with the defaults of then,
 * so that a run stopped by that version carries on. Its entries' labels are
 * the tuned bots' names it kept, and whether each bot is reproducible is
 * asked of the bots again (that version did not keep it).
 */
import { z } from 'zod';
import { getGame } from '../core/registry.js';
import { clockBoundSpecs } from '../../bots/index.js';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';
import type { Checkpoint } from '../tourney/checkpoint.js';
import { tracePointSchema } from '../results/match-file.js';
import { type Entry, type PlayedSpec, sprtParamsSchema } from './run-spec.js';

/** What a version-2 checkpoint kept of a match: its bots, the SPRT's bounds and measure (absent: win), and the SPRT's trace. */
const matchOptions = z.object({
  sprt: sprtParamsSchema.nullable(),
  measure: z.enum(['win', 'score']).optional(),
  trace: z.array(tracePointSchema).optional(),
});

/** The tuned bots' names a version-2 checkpoint kept (`labels`: spec text → tuned.json). */
const labelsSchema = z.record(z.string()).optional();

/**
 * The spec (and, for a match, the state) a version-2 checkpoint's command means.
 * @returns null for a checkpoint of version 3, or one that names no command of these.
 */
export async function legacySpec(cp: Checkpoint): Promise<{ spec: PlayedSpec; state?: unknown } | null> {
  if (cp.version !== 2 || cp.command === undefined) return null;
  const c = cp.config;
  const labels = labelsSchema.safeParse(cp.command.options.labels);
  const named = (labels.success ? labels.data : undefined) ?? {};
  const clock = new Set(await clockBoundSpecs(c.lineup, getGame(c.gameId)));
  const entries: Entry[] = c.lineup.map((bot) => ({ bot, label: named[bot] ?? bot, reproducible: !clock.has(bot) }));
  const base = {
    game: c.gameId,
    variant: c.variant,
    seed: c.runSeed,
    ...(c.dealKey !== undefined ? { dealKey: c.dealKey } : {}),
    games: cp.games,
    record: c.record,
    gamesCsv: c.gamesCsv === true,
    faults: {
      onFault: c.onFault,
      moveTimeoutMs: c.moveTimeoutMs,
      botMemoryMb: c.botMemoryMb ?? DEFAULT_LIMITS.memoryBytes / 2 ** 20,
      botLoadMs: c.botLoadMs ?? DEFAULT_LIMITS.loadMs,
    },
  };
  switch (cp.command.name) {
    case 'tourney':
      return { spec: { kind: 'tourney', ...base, lineup: entries } };
    case 'rate':
      return { spec: { kind: 'rate', ...base, pool: entries } };
    case 'match': {
      const o = matchOptions.safeParse(cp.command.options);
      if (!o.success || entries.length < 2) return null;
      const [candidate, baseline, ...opponents] = entries as [Entry, Entry, ...Entry[]];
      const spec: PlayedSpec = { kind: 'match', ...base, candidate, baseline, opponents, measure: o.data.measure ?? 'win', sprt: o.data.sprt };
      return { spec, state: { trace: o.data.trace ?? [] } };
    }
    default:
      return null;
  }
}
