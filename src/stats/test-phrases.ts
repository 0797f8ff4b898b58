import type { EqualityTest } from './wald.js';
/** A statistical test in words, for reports: its p-value, its phrase (statistic, degrees of freedom, units) and its verdict. */
/** A p-value for reports: three significant digits, "< 0.0001" below that. */
export function formatP(p: number): string {
  if (Number.isNaN(p)) return 'n/a';
  return p < 1e-4 ? '< 0.0001' : p.toPrecision(3);
}

/** What an equality test's phrases need: an `EqualityTest`, or the same fields read back from a run file. */
export type TestFields = EqualityTest;

/**
 * A test as one phrase: "randomization test (labels permuted within deals), Q = 5.12, F(3, 57), p = 0.160,
 * over 20 independent deals", or Hotelling's T² for tests over jackknife groups; "not tested: ..." when it has no p-value.
 * @param unit what the test's units are: deals (per-deal moments) or jackknife groups of deals.
 */
export function testPhraseOf(t: TestFields, unit = 'deals'): string {
  if (!Number.isFinite(t.pValue)) return `not tested: ${t.note ?? `over ${t.units} independent ${unit}, too few, or their covariance is singular`}`;
  const p = formatP(t.pValue);
  const pText = `p ${p.startsWith('<') ? p : `= ${p}`}`;
  if (t.method === 'randomization')
    return `randomization test (labels permuted within each deal), Q = ${t.statistic.toFixed(2)}, F(${t.df1}, ${t.df2}), ${pText}, over ${t.units} independent ${unit}`;
  return `Hotelling's T² = ${t.statistic.toFixed(2)}, F(${t.df1}, ${t.df2}), ${pText}, over ${t.units} independent ${unit}`;
}

/**
 * The verdict of an equality test at the 5% level, in words; "no evidence" says
 * what the run could have detected ("... detects a gap of 4.1 points or more
 * between two seats with 80% power"), and a test without a p-value says so.
 * @param what the plural compared ("seats", "positions").
 */
export function testVerdictOf(t: TestFields, what: string): string {
  if (!Number.isFinite(t.pValue)) return `no test of whether ${what} differ: ${t.note ?? 'too few independent units'}`;
  if (t.pValue < 0.05) return `evidence that ${what} differ (p < 0.05)`;
  const gap =
    t.detectableGap !== undefined && Number.isFinite(t.detectableGap)
      ? `; this run detects a win-rate gap of ${(100 * t.detectableGap).toFixed(1)} points or more between two ${what} with 80% power, not smaller ones`
      : '';
  return `no evidence at the 5% level that ${what} differ${gap}`;
}

/**
 * A test as one phrase with its verdict: "randomization test (labels permuted within each deal), Q = 3.21,
 * F(3, 57), p = 0.360, over 20 independent deals: no evidence at the 5% level that seats differ; this run
 * detects a win-rate gap of 12.3 points or more ..." (`testPhraseOf`, `testVerdictOf`).
 * @param unit what the test's units are: deals (per-deal moments) or jackknife groups of deals.
 * @param what the plural compared, for the verdict; without it, the phrase alone.
 */
export function testText(t: EqualityTest, unit: 'deals' | 'groups of deals' = 'deals', what?: string): string {
  const phrase = testPhraseOf(t, unit);
  return what === undefined || !Number.isFinite(t.pValue) ? phrase : `${phrase}: ${testVerdictOf(t, what)}`;
}
