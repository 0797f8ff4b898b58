/**
 * The files of a `match` run beside the common ones: `match.json` (its type,
 * writer and reader), `match.csv` and `sprt.csv`, and the options a match keeps
 * in its checkpoint to resume (their schema).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Variant } from '../core/variant.js';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import type { Measure } from '../analysis/match.js';
import type { PairedComparison } from '../stats/paired.js';
import type { SprtParams, SprtState } from '../stats/sprt.js';

const sprtParamsSchema = z.object({ mu0: z.number(), mu1: z.number(), alpha: z.number(), beta: z.number() });
const tracePointSchema = z.object({ deals: z.number(), llr: z.number().nullable(), look: z.boolean().optional() });

/**
 * The SPRT's log-likelihood ratio after a merged batch, and whether the test
 * looked there (`sprtLookDue`; absent in older checkpoints: it looked). An
 * infinite ratio (every deal gave the same difference) reads back from JSON
 * as null.
 */
export type TracePoint = z.infer<typeof tracePointSchema>;

/** The schema of what `match` keeps in its checkpoint (`command.options`) to resume; `labels` is read apart (`restoreBotLabels`). */
export const matchOptionsSchema = z.object({
  candidate: z.string(),
  baseline: z.string(),
  opponents: z.array(z.string()),
  sprt: sprtParamsSchema.nullable(),
  /** Absent in older checkpoints: win. */
  measure: z.enum(['win', 'score']).optional(),
  /** Kept in the checkpoint, so that `--resume` continues the SPRT's trace (absent in the oldest: empty). */
  trace: z.array(tracePointSchema).optional(),
});

/** What `match` keeps in the checkpoint to resume (`matchOptionsSchema`). */
export type MatchOptions = z.infer<typeof matchOptionsSchema>;

/** `match.json`: the paired comparison, the SPRT and its trace. */
export interface MatchReport {
  readonly game: string;
  readonly variant: Variant;
  readonly seed: string;
  readonly candidate: string;
  readonly baseline: string;
  readonly opponents: readonly string[];
  /** Independent deals: the unit of every interval and of the SPRT. */
  readonly deals: number;
  readonly games: number;
  readonly comparison: PairedComparison;
  readonly sprt: (SprtState & SprtParams & { readonly trace: readonly TracePoint[] }) | null;
  /** What the SPRT and the verdict compare (older runs: win). */
  readonly measure: Measure;
  /** "stronger", "not stronger" or "weaker" (SPRT, with the interval), or what the interval says without one. */
  readonly verdict: string;
  /** When the SPRT stopped the match: that the difference at its stop is biased away from 0 (`stoppedEstimateNote`); else ''. */
  readonly stoppedEstimate: string;
  readonly complete: boolean;
}

/** A number as JSON holds it: NaN and ±∞ are written as null, and read back as NaN. */
const jsonNumber = z
  .number()
  .nullable()
  .transform((x) => x ?? Number.NaN);
const differenceSchema = z.object({ value: jsonNumber, se: jsonNumber, ci95: z.tuple([jsonNumber, jsonNumber]), los: jsonNumber });

/** The schema of the part of `match.json` a caller reads back (`readMatchVerdict`), in the file's own key order. */
const matchVerdictSchema = z.object({
  deals: z.number(),
  games: z.number(),
  comparison: z.object({
    deals: z.number(),
    winRateA: jsonNumber,
    winRateB: jsonNumber,
    winShare: differenceSchema,
    score: differenceSchema,
    elo: z.object({ value: jsonNumber, margin: jsonNumber }).nullable(),
  }),
  sprt: z.object({ accepted: z.enum(['H0', 'H1']).nullable() }).nullable(),
  verdict: z.string(),
  /** Absent in older files: ''. */
  stoppedEstimate: z.string().default(''),
});

/** The outcome of a match that a caller (`train`'s verification) keeps: a `MatchReport` has every field. */
export type MatchVerdict = Pick<MatchReport, 'deals' | 'games' | 'comparison' | 'verdict' | 'stoppedEstimate'> & {
  readonly sprt: { readonly accepted: SprtState['accepted'] } | null;
};

/**
 * Reads the verdict of a finished match back from its directory's `match.json`.
 * @throws Error when the file is missing or does not fit the schema.
 */
export function readMatchVerdict(dir: string): MatchVerdict {
  return matchVerdictSchema.parse(JSON.parse(readFileSync(join(dir, 'match.json'), 'utf8')));
}

/** Writes a match's own files into its directory: `match.json`, `match.csv` (one row per measure) and, with an SPRT, `sprt.csv` (its trace). */
export function writeMatchFiles(report: MatchReport, dir: string): void {
  writeFileAtomic(join(dir, 'match.json'), `${JSON.stringify(report, null, 2)}\n`);
  const d = report.comparison;
  const deals = report.deals;
  writeFileAtomic(
    join(dir, 'match.csv'),
    stringify(
      [
        ['win_share', d.winRateA, d.winRateB, d.winShare.value, d.winShare.ci95[0], d.winShare.ci95[1], d.winShare.los, deals],
        ['score', '', '', d.score.value, d.score.ci95[0], d.score.ci95[1], d.score.los, deals],
        ...(d.elo ? [['elo', '', '', d.elo.value, d.elo.value - d.elo.margin, d.elo.value + d.elo.margin, '', deals]] : []),
      ],
      { header: true, columns: ['measure', 'a', 'b', 'difference', 'ci95_lo', 'ci95_hi', 'los', 'deals'] },
    ),
  );
  const s = report.sprt;
  if (s)
    writeFileAtomic(
      join(dir, 'sprt.csv'),
      stringify(
        s.trace.map((x) => [x.deals, x.llr, s.lower, s.upper, x.look === false ? 0 : 1]),
        { header: true, columns: ['deals', 'llr', 'lower', 'upper', 'look'] },
      ),
    );
}
