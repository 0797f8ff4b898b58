/**
 * The files of a `match` run beside the common ones: `match.json` (its
 * schema, inferred type, writer and reader; older files read with defaults),
 * `match.csv` and `sprt.csv`.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import { jsonFileText, jsonInterval, jsonNumber, readJsonFile, variantSchema } from './json-file.js';

/** `match.json`, `match.csv` (one row per measure) and `sprt.csv` (the SPRT's trace, with an SPRT). */
export const MATCH_FILES = { json: 'match.json', csv: 'match.csv', sprt: 'sprt.csv' } as const;

export const tracePointSchema = z.object({ deals: z.number(), llr: z.number().nullable(), look: z.boolean().optional() });

/**
 * The SPRT's log-likelihood ratio after a merged batch, and whether the test
 * looked there (`sprtLookDue`; absent in older checkpoints: it looked). An
 * infinite ratio (every deal gave the same difference) reads back from JSON
 * as null.
 */
export type TracePoint = z.infer<typeof tracePointSchema>;

const differenceSchema = z.object({ value: jsonNumber, se: jsonNumber, ci95: jsonInterval, los: jsonNumber });

/** The SPRT's state at the end, its parameters and its trace (`SprtState`, `SprtParams`). */
const sprtSchema = z.object({
  llr: jsonNumber,
  lower: jsonNumber,
  upper: jsonNumber,
  accepted: z.enum(['H0', 'H1']).nullable(),
  samples: z.number(),
  /** Absent in older files: false. */
  noVariation: z.boolean().default(false),
  mu0: z.number(),
  mu1: z.number(),
  alpha: z.number(),
  beta: z.number(),
  trace: z.array(tracePointSchema).readonly(),
});

/**
 * The schema of `match.json`, in the file's own key order: the paired
 * comparison of A and B (`PairedComparison`), the SPRT and its trace, the verdict.
 */
export const matchFileSchema = z.object({
  game: z.string(),
  variant: variantSchema,
  seed: z.string(),
  candidate: z.string(),
  baseline: z.string(),
  opponents: z.array(z.string()).readonly(),
  /** Independent deals: the unit of every interval and of the SPRT. */
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
  sprt: sprtSchema.nullable(),
  /** What the SPRT and the verdict compare (absent in older files: win). */
  measure: z.enum(['win', 'score']).default('win'),
  /** "stronger", "not stronger" or "weaker" (SPRT, with the interval), or what the interval says without one. */
  verdict: z.string(),
  /** When the SPRT stopped the match: that the difference at its stop is biased away from 0 (`stoppedEstimateNote`); else '' (absent in older files). */
  stoppedEstimate: z.string().default(''),
  complete: z.boolean(),
});

/** `match.json`: the paired comparison, the SPRT and its trace, the verdict. */
export type MatchReport = z.output<typeof matchFileSchema>;

/**
 * A match's `match.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws SyntaxError naming the file when it does not parse or fit.
 */
export function readMatchFile(dir: string): MatchReport | null {
  return readJsonFile(dir, MATCH_FILES.json, matchFileSchema);
}

/** Writes a match's own files into its directory: `match.json`, `match.csv` (one row per measure) and, with an SPRT, `sprt.csv` (its trace). */
export function writeMatchFiles(report: MatchReport, dir: string): void {
  writeFileAtomic(join(dir, MATCH_FILES.json), jsonFileText(report));
  const d = report.comparison;
  const deals = report.deals;
  writeFileAtomic(
    join(dir, MATCH_FILES.csv),
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
      join(dir, MATCH_FILES.sprt),
      stringify(
        s.trace.map((x) => [x.deals, x.llr, s.lower, s.upper, x.look === false ? 0 : 1]),
        { header: true, columns: ['deals', 'llr', 'lower', 'upper', 'look'] },
      ),
    );
}
