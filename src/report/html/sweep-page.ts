import { join } from 'node:path';
import { curveChart, intervalChart } from './charts.js';
import { pct, points, pText, pValue, signed } from './page-format.js';
import { readRun, type Row, type RunFiles, sourcesOf } from './load.js';
import { balanceFindings } from './tourney-page.js';
import type { FairnessPair, SweepFairness } from '../../analysis/sweep.js';
import type { SweepFile } from '../../results/sweep-file.js';
import { csvTable } from './blocks.js';
import type { Block, Page, PageChart } from './page.js';
import type { DataTable } from './table-charts.js';
import { sweepTableBlocks } from './sweep-tables.js';

const P_FIGURE = 'positions equal: p';

/** A figure's print format from `sweep.json` ('percent' or 'number'). */
function formatOf(sweep: SweepFile | null, figure: string): 'percent' | 'number' {
  for (const run of sweep?.runs ?? []) {
    const f = run.keyFigures[figure];
    if (f) return f.format;
  }
  return 'number';
}

function kebab(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The page of a sweep's top directory: which setting is fairest (the test
 * of equal positions and the first player's win rate at each value) and
 * which figures move (paired differences from the first value whose
 * interval excludes 0) first; then each key figure as a curve over the
 * values with intervals, and its paired differences; then the game's own
 * balance tables row by row, each cell's paired difference from the first
 * value (`sweep-tables.csv`). Links to each value's own page.
 */
export function sweepPage(f: RunFiles): Page {
  const sweep = f.sweep;
  const key = sweep?.key ?? '';
  const baseline = sweep?.baseline ?? '';
  const est = f.csv.sweep ?? [];
  const diffs = f.csv['sweep-differences'] ?? [];
  const values = (sweep?.runs ?? []).map((r) => r.value);
  const figures: string[] = [];
  for (const r of est) if (!figures.includes(String(r.figure))) figures.push(String(r.figure));
  // The figures that answer "which setting is fairest" first.
  const fair = (x: string): number => (x === 'win rate: first player' ? 0 : x === P_FIGURE ? 1 : 2);
  figures.sort((a, b) => fair(a) - fair(b));
  const first = f.subRuns[0] ? readRun(join(f.dir, f.subRuns[0])) : undefined;
  const s = first?.summary;

  const answer: string[] = [];
  const fairness = sweep?.fairness;
  if (fairness) answer.push(fairnessText(key, fairness));
  const pRows = est.flatMap((r) => (r.figure === P_FIGURE && typeof r.estimate === 'number' ? [{ value: r.value, p: r.estimate }] : []));
  if (pRows.length > 0) {
    const unfair = pRows.filter((r) => r.p < 0.05).map((r) => `${key}=${String(r.value)}`);
    answer.push(
      `Test of "every position wins equally often" over whole games at each value (deal as the unit): ${pRows.map((r) => `${key}=${String(r.value)} ${pText(r.p)}`).join('; ')}: ` +
        `${unfair.length ? `evidence of unequal positions (p < 0.05) at ${unfair.join(', ')}.` : `no value shows evidence of unequal positions at the 5% level${detectable(f)}.`}` +
        ' A larger p-value is less evidence, not a fairer setting.',
    );
  }
  // Every balance finding of every value whose test rejects (e.g. rounds by dealer position), as on each value's own page.
  for (const sub of f.subRuns) {
    const run = readRun(join(f.dir, sub));
    for (const finding of balanceFindings(run)) answer.push(`${sub}: ${finding.text}`);
  }
  const fp = est.filter((r) => r.figure === 'win rate: first player');
  if (fp.length > 0)
    answer.push(
      `First player's win rate (95% interval): ${fp.map((r) => `${key}=${String(r.value)} ${typeof r.estimate === 'number' ? pct(r.estimate) : 'n/a'}${typeof r.ci95_lo === 'number' && typeof r.ci95_hi === 'number' ? ` [${pct(r.ci95_lo)}, ${pct(r.ci95_hi)}]` : ''}`).join('; ')}.`,
    );
  const moved = values.slice(1).map((v) => {
    const sig = diffs.flatMap((d) => {
      const { difference: x, ci95_lo: lo, ci95_hi: hi } = d;
      return String(d.value) === v && typeof x === 'number' && typeof lo === 'number' && typeof hi === 'number' && (lo > 0 || hi < 0) ? [{ d, x, lo, hi }] : [];
    });
    const fmt = ({ d, x, lo, hi }: { d: Row; x: number; lo: number; hi: number }): string => {
      const pctFig = formatOf(sweep, String(d.figure)) === 'percent';
      const t = (y: number): string => (pctFig ? points(y) : signed(y));
      return `${String(d.figure)} ${t(x)}${pctFig ? ' points' : ''} [${t(lo)}, ${t(hi)}]`;
    };
    return sig.length ? `${key}=${v}: ${sig.map(fmt).join('; ')}` : `${key}=${v}: no figure moves (every interval contains 0)`;
  });
  if (diffs.length > 0 && moved.length > 0)
    answer.push(`How the figures move from ${key}=${baseline} (paired differences whose 95% interval excludes 0): ${moved.join(' · ')}.`);
  const tables = sweepTableBlocks(f.csv['sweep-tables'] ?? [], sweep, key, baseline);
  if (tables.blocks.length > 0)
    answer.push(
      `How the game's own tables move, row by row (cells whose paired difference from ${key}=${baseline} has a 95% interval excluding 0): ${tables.moved.join(' · ')}.`,
    );
  if (answer.length === 0) answer.push(`Sweep of ${key}: see the figures below.`);

  const numeric = numericValues(values);
  const sweepAxis = {
    field: 'value',
    title: key,
    order: numeric ? [...values].sort((a, b) => Number(a) - Number(b)) : values,
    ...(numeric ? { numeric: true } : {}),
  };
  const flat: string[] = [];
  const curve = (fig: string): PageChart[] => {
    const rows = est.filter((r) => r.figure === fig);
    const percent = formatOf(sweep, fig) === 'percent';
    if (
      !resolved(
        rows.map((r) => [r.estimate, r.ci95_lo, r.ci95_hi]),
        percent,
      )
    ) {
      const v = rows.find((r) => typeof r.estimate === 'number')?.estimate;
      flat.push(`${fig} ${typeof v === 'number' ? (percent ? pct(v) : signed(v).replace(/^\+/, '')) : 'n/a'}`);
      return [];
    }
    return [
      {
        id: `sweep-${kebab(fig)}`,
        spec: curveChart({
          title: fig,
          description: `${fig} at each value of ${key}, with 95% intervals over deals${numeric ? '' : ` (the values are categories: not joined)`}.`,
          rows,
          x: sweepAxis,
          measure: { field: 'estimate', title: fig, lo: 'ci95_lo', hi: 'ci95_hi', ...(percent ? { percent: true } : {}) },
        }),
      },
    ];
  };
  const difference = (fig: string): PageChart[] => {
    const dRows = diffs.filter((d) => d.figure === fig);
    if (dRows.length === 0) return [];
    const percent = formatOf(sweep, fig) === 'percent';
    // A difference that is 0 within its precision everywhere (the baseline's own 0 included) is not charted.
    if (!resolved([[0, 0, 0], ...dRows.map((r) => [r.difference, r.ci95_lo, r.ci95_hi] as const)], percent)) return [];
    return [
      {
        id: `sweep-diff-${kebab(fig)}`,
        spec: intervalChart({
          title: `${fig}: − ${key}=${baseline}`,
          description: `Paired difference of ${fig} from ${key}=${baseline} at each other value, with 95% intervals; the dashed line is no difference.`,
          rows: dRows,
          category: { field: 'value', title: key, order: sweepAxis.order.filter((v) => v !== baseline) },
          measure: {
            field: 'difference',
            title: `difference${percent ? ' (% points)' : ''}`,
            lo: 'ci95_lo',
            hi: 'ci95_hi',
            ...(percent ? { percent: true } : {}),
          },
          mark: 'point',
          zeroRule: true,
          width: 240,
        }),
      },
    ];
  };
  // Only a figure's numbers are rates: the sweep's value (rounds=4) is a value, never "400.0%".
  const isPercent = (r: Row, column?: string): boolean =>
    formatOf(sweep, String(r.figure)) === 'percent' && (column === undefined || ['estimate', 'ci95_lo', 'ci95_hi', 'difference'].includes(column));
  const fairFigures = figures.filter((x) => fair(x) < 2);
  const otherFigures = figures.filter((x) => fair(x) === 2);
  // A p-value's cell prints as a p-value ("< 0.0001", three significant digits), not as a number rounded to "0".
  const pick = (rows: readonly Row[], figs: readonly string[]): Row[] =>
    rows
      .filter((r) => figs.includes(String(r.figure)))
      .map((r) => (r.figure === P_FIGURE && typeof r.estimate === 'number' ? { ...r, estimate: pValue(r.estimate) } : r));
  const estTable = (id: string, figs: readonly string[]): DataTable => ({
    ...csvTable(id, 'Key figures (sweep.csv)', '', pick(est, figs), { estimate: ['ci95_lo', 'ci95_hi'] }),
    percentIf: isPercent,
  });
  const diffTable = (id: string, figs: readonly string[]): DataTable => ({
    ...csvTable(id, `Paired differences from ${key}=${baseline} (sweep-differences.csv)`, '', pick(diffs, figs), { difference: ['ci95_lo', 'ci95_hi'] }),
    percentIf: isPercent,
  });
  const blocks: Block[] = [];
  if (fairFigures.length) {
    blocks.push({
      id: 'fairness',
      title: 'Seat fairness at each value',
      charts: [...fairFigures.filter((x) => x !== P_FIGURE).flatMap(curve), ...fairFigures.flatMap(difference)],
      caption: `The first player's win rate at each value with its 95% interval over deals, and its paired difference from ${key}=${baseline}. The p-value of the test of equal positions is in the table, not charted: a p-value is not a quantity to draw or subtract.`,
      table: estTable('fairness-table', fairFigures),
    });
  }
  if (otherFigures.length) {
    blocks.push({
      id: 'figures',
      title: 'Key figures at each value',
      charts: otherFigures.flatMap(curve),
      caption:
        `Each figure at each value of ${key} with its 95% interval over deals (delete-a-group jackknife; win rates of bots: deal-level)${numeric ? `, on a numeric axis in the values' order` : '; the values are categories, so their points are not joined'}.` +
        (flat.length ? ` Not charted, the same at every value within its precision: ${flat.join('; ')}.` : ''),
      table: estTable('figures-table', otherFigures),
    });
  }
  if (diffs.length) {
    blocks.push({
      id: 'differences',
      title: `Paired differences from ${key}=${baseline}`,
      charts: otherFigures.flatMap(difference),
      caption: `Each figure's difference from ${key}=${baseline}: every value plays the same deals, so the deals' luck cancels (paired delete-a-group jackknife; "paired" 0 marks an unpaired difference). Rates' differences are in proportion units; the axis reads them in percentage points.`,
      table: diffTable('differences-table', figures),
    });
  }
  return {
    title: `${s?.game ?? ''}: sweep of ${key}`,
    meta: [
      `${s?.game ?? ''} · sweep of ${key} over ${values.join(', ')}`,
      `same seed (${s?.seed ?? ''}) and deals for every value`,
      s ? `${s.games} games each, line-up: ${s.lineup.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    answer,
    links: f.subRuns.map((d) => ({ href: `${d}/report.html`, text: d })),
    sections: [
      {
        id: 'figures-section',
        title: 'Key figures at each value',
        blocks,
      },
      ...(tables.blocks.length > 0
        ? [
            {
              id: 'tables-section',
              title: `The game's tables: each value less ${key}=${baseline}`,
              blocks: tables.blocks,
            },
          ]
        : []),
    ],
    sources: [...sourcesOf(f), ...(first ? [`${f.subRuns[0]!}/summary.json`] : [])],
    missing: [
      ...(f.csv['sweep-differences'] ? [] : ['sweep-differences.csv (paired differences)']),
      ...(f.csv.sweep ? [] : ['sweep.csv (key figures)']),
      ...(f.csv['sweep-tables'] ? [] : ["sweep-tables.csv (the game's tables row by row)"]),
    ],
  };
}

/** Whether every sweep value is a number (rounds=3,4,5): then the axis is numeric and in numeric order. */
export function numericValues(values: readonly string[]): boolean {
  return values.length > 0 && values.every((v) => v.trim() !== '' && Number.isFinite(Number(v)));
}

/**
 * Whether the estimates of a chart differ by more than their precision, so
 * that drawing them shows something: each value is rounded to the step its
 * interval supports (one digit below the power of ten at or below the
 * narrowest non-zero half-width: ±1.3 points resolves 0.1 points; a point without an interval, or with one of zero width, to
 * the step the page prints: 0.1 percentage points for a rate, four
 * significant digits for a number), and the chart is drawn only when the
 * rounded values are not all equal. 0.25 and 0.25000000000000006 are equal;
 * capped games of 0.0% at every value are equal.
 * @param points [estimate, lo, hi] per point (cells may be missing).
 */
export function resolved(points: readonly (readonly (number | string | null | undefined)[])[], percent: boolean): boolean {
  const values: number[] = [];
  let half = Infinity;
  let scale = 0;
  for (const [v, lo, hi] of points) {
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    values.push(v);
    scale = Math.max(scale, Math.abs(v));
    if (typeof lo === 'number' && typeof hi === 'number' && hi > lo) half = Math.min(half, (hi - lo) / 2);
  }
  if (values.length < 2) return false;
  const printed = percent ? 0.001 : scale > 0 ? 10 ** (Math.floor(Math.log10(scale)) - 3) : 1e-12;
  const step = Number.isFinite(half) ? Math.max(10 ** (Math.floor(Math.log10(half)) - 1), printed) : printed;
  const rounded = new Set(values.map((v) => Math.round(v / step)));
  return rounded.size > 1;
}

/** The fairness verdict of `sweep.json` (`sweepFairness` in src/analysis/sweep.ts) in one sentence; a number the file holds as null (NaN) prints as n/a or ?. */
function fairnessText(key: string, f: SweepFairness): string {
  const finite = (x: number, none: string): string => (Number.isFinite(x) ? points(x) : none);
  const pairText = (p: FairnessPair): string =>
    `${key}=${p.a} − ${key}=${p.b} ${finite(p.difference, 'n/a')} [${finite(p.ci95[0], '?')}, ${finite(p.ci95[1], '?')}] points`;
  const dists = f.settings.map((s) => `${key}=${s.value} ${finite(s.deviation, 'n/a').replace(/^\+/, '')}`).join(', ');
  const { fairest, pairs } = f;
  const tail = ` The distance of the first player's win rate from an even share (1/P), in percentage points: ${dists}.`;
  if (fairest !== null) {
    const mine = pairs.filter((p) => p.a === fairest || p.b === fairest);
    return `Which setting is fairest? ${key}=${fairest}: its first player's win rate is closer to an even share than at every other value, each paired difference's 95% interval excluding 0 (${mine.map(pairText).join('; ')}).${tail}`;
  }
  return `Which setting is fairest? The settings are not separated: no value's first player is closer to an even share than at every other value with a 95% interval excluding 0 (paired differences of the distance: ${pairs.map(pairText).join('; ')}).${tail}`;
}

/**
 * What each value's run could have detected, for a "no evidence" verdict
 * (each sub-run's position test, `detectableGap` of src/stats/randomization.ts):
 * see {@link detectablePhrase}.
 */
function detectable(f: RunFiles): string {
  const gaps: { readonly label: string; readonly gap: number }[] = [];
  for (const sub of f.subRuns) {
    const run = readRun(join(f.dir, sub));
    const t = run.balance?.seatAdvantage.test ?? run.summary?.seatTest;
    if (t?.detectableGap !== undefined) gaps.push({ label: sub, gap: t.detectableGap });
  }
  return detectablePhrase(gaps);
}

/**
 * "; these runs detect a win-rate gap of 6.1 (rounds=3), 5.9 (rounds=4)
 * points or more between two positions with 80% power, not smaller ones":
 * the smallest gap each sub-run's test detects (`gap` a proportion, printed
 * in percentage points); '' when none is finite.
 */
export function detectablePhrase(gaps: readonly { readonly label: string; readonly gap: number }[]): string {
  const parts = gaps.filter((g) => Number.isFinite(g.gap)).map((g) => `${(100 * g.gap).toFixed(1)} (${g.label})`);
  return parts.length === 0
    ? ''
    : `; these runs detect a win-rate gap of ${parts.join(', ')} points or more between two positions with 80% power, not smaller ones`;
}
