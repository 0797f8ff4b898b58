/**
 * The files of a rules search (`train --tune-rules`): `rules.json` (its
 * schema, inferred type, writer and reader) and `rules.csv`, the best
 * settings measured again on held-out deals, closest to the target first.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import { RULE_TARGETS } from '../train/rules.js';
import { fitnessSchema } from './curve-file.js';
import { jsonFileText, jsonNumber, readJsonFile, variantSchema } from './json-file.js';
import { equalityTestSchema } from './summary-file.js';

/** `rules.json` and `rules.csv`. */
export const RULES_FILES = { json: 'rules.json', csv: 'rules.csv' } as const;

/** One setting measured again (`RuleConfirmation`): its seat gap with the seats at its ends, every seat's win rate, the test of equal seats. */
const settingSchema = z.object({
  params: z.record(z.union([z.number(), z.string()])),
  deals: z.number(),
  games: z.number(),
  gap: fitnessSchema,
  best: z.number(),
  worst: z.number(),
  seatWinRates: z.array(jsonNumber).readonly(),
  test: equalityTestSchema,
});

/** The schema of `rules.json`. */
export const rulesFileSchema = z.object({
  game: z.string(),
  target: z.enum(RULE_TARGETS),
  lineup: z.array(z.string()).readonly(),
  /** The variant the search started from. */
  variant: variantSchema,
  /** The held-out seed every setting was measured on again (`<seed>-confirm`). */
  seed: z.string(),
  dealKey: z.string().optional(),
  settings: z.array(settingSchema).readonly(),
});

/** `rules.json`. */
export type RulesFile = z.output<typeof rulesFileSchema>;

/**
 * Writes `rules.json` and `rules.csv` (one row per setting, its tuned parameters first).
 * @param keys the tuned parameters, in the search's order.
 */
export function writeRulesFiles(dir: string, r: RulesFile, keys: readonly string[]): void {
  writeFileAtomic(join(dir, RULES_FILES.json), jsonFileText(r));
  writeFileAtomic(
    join(dir, RULES_FILES.csv),
    stringify(
      r.settings.map((c) => [
        ...keys.map((k) => c.params[k]),
        c.gap.value,
        c.gap.ci95[0],
        c.gap.ci95[1],
        c.best,
        c.worst,
        c.test.statistic,
        c.test.pValue,
        c.deals,
      ]),
      {
        header: true,
        columns: [...keys, 'seat_gap', 'seat_gap_ci95_lo', 'seat_gap_ci95_hi', 'best_seat', 'worst_seat', 'seat_test_q', 'p_value', 'deals'],
      },
    ),
  );
}

/**
 * A rules search's `rules.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws SyntaxError naming the file when it does not parse or fit.
 */
export function readRulesFile(dir: string): RulesFile | null {
  return readJsonFile(dir, RULES_FILES.json, rulesFileSchema);
}
