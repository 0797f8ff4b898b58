import { join } from 'node:path';
import { curveChart, intervalChart } from './charts.js';
import { pValue, pct, points, signed } from './format.js';
import { arr, num, obj, readRun, str, type Row, type RunFiles } from './load.js';
import type { Block, Page } from './page.js';
import type { DataTable } from './table-charts.js';

const P_FIGURE = 'positions equal: p';

/** A figure's print format from `sweep.json` ('percent' or 'number'). */
function formatOf(sweep: Record<string, unknown> | undefined, figure: string): 'percent' | 'number' {
  for (const run of arr(sweep?.runs)) {
    const f = obj(obj(obj(run)?.keyFigures)?.[figure]);
    if (f) return f.format === 'percent' ? 'percent' : 'number';
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
 * One figure's table view: each value's estimate (sweep.csv) beside its
 * paired difference from the first value (sweep-differences.csv), the two
 * files' cells joined by value, unchanged.
 */
function figureTable(fig: string, key: string, baseline: string, rows: readonly Row[], dRows: readonly Row[], percent: boolean): DataTable {
  const joined: Row[] = rows.map((r) => {
    const d = dRows.find((x) => String(x.value) === String(r.value));
    return {
      [key]: r.value ?? null,
      estimate: r.estimate ?? null,
      estimate_lo: r.ci95_lo ?? null,
      estimate_hi: r.ci95_hi ?? null,
      ...(dRows.length ? { difference: d?.difference ?? null, difference_lo: d?.ci95_lo ?? null, difference_hi: d?.ci95_hi ?? null, paired: d ? (d.paired === 1 ? 'yes' : 'no') : null } : {}),
    };
  });
  return {
    id: `figure-${kebab(fig)}-table`,
    title: `${fig} (sweep.csv${dRows.length ? `; difference from ${key}=${baseline}: sweep-differences.csv` : ''})`,
    caption: '',
    columns: Object.keys(joined[0] ?? {}),
    titles: Object.keys(joined[0] ?? {}).map((c) => (c === 'difference' ? `difference from ${key}=${baseline}` : c.replace(/_/g, ' '))),
    rows: joined,
    ...(percent ? { proportions: ['estimate', 'estimate_lo', 'estimate_hi', 'difference', 'difference_lo', 'difference_hi'] } : {}),
  };
}

/**
 * The page of a sweep's top directory: which setting is fairest (the test
 * of equal positions and the first player's win rate at each value) and
 * which figures move (paired differences from the first value whose
 * interval excludes 0) first; then each key figure as a curve over the
 * values with intervals, and its paired differences. Links to each value's
 * own page.
 */
export function sweepPage(f: RunFiles): Page {
  const sweep = obj(f.json.sweep);
  const key = str(sweep?.key);
  const baseline = str(sweep?.baseline);
  const est = f.csv.sweep ?? [];
  const diffs = f.csv['sweep-differences'] ?? [];
  const values = arr(sweep?.runs).map((r) => str(obj(r)?.value));
  const figures: string[] = [];
  for (const r of est) if (!figures.includes(String(r.figure))) figures.push(String(r.figure));
  // The figures that answer "which setting is fairest" first.
  const fair = (x: string): number => (x === 'win rate: first player' ? 0 : x === P_FIGURE ? 1 : 2);
  figures.sort((a, b) => fair(a) - fair(b));
  const first = f.subRuns[0] ? readRun(join(f.dir, f.subRuns[0])) : undefined;
  const s = obj(first?.json.summary);

  const answer: string[] = [];
  const pRows = est.filter((r) => r.figure === P_FIGURE && typeof r.estimate === 'number');
  if (pRows.length > 0) {
    const best = pRows.reduce((a, b) => ((b.estimate as number) > (a.estimate as number) ? b : a));
    const unfair = pRows.filter((r) => (r.estimate as number) < 0.05).map((r) => `${key}=${String(r.value)}`);
    answer.push(
      `Which setting is fairest? Test of "every position wins equally often" at each value (p, deal as the unit): ${pRows.map((r) => `${key}=${String(r.value)} p = ${pValue(r.estimate as number)}`).join('; ')}. ` +
        `${unfair.length ? `Evidence of unequal positions (p < 0.05) at ${unfair.join(', ')}. ` : 'No value shows evidence of unequal positions at the 5% level. '}` +
        `Least evidence of a seat advantage: ${key}=${String(best.value)}.`,
    );
  }
  const fp = est.filter((r) => r.figure === 'win rate: first player');
  if (fp.length > 0) answer.push(`First player's win rate (95% interval): ${fp.map((r) => `${key}=${String(r.value)} ${typeof r.estimate === 'number' ? pct(r.estimate) : 'n/a'}${typeof r.ci95_lo === 'number' && typeof r.ci95_hi === 'number' ? ` [${pct(r.ci95_lo)}, ${pct(r.ci95_hi)}]` : ''}`).join('; ')}.`);
  const moved = values.slice(1).map((v) => {
    const sig = diffs.filter((d) => String(d.value) === v && typeof d.ci95_lo === 'number' && typeof d.ci95_hi === 'number' && ((d.ci95_lo as number) > 0 || (d.ci95_hi as number) < 0));
    const fmt = (d: Row): string => {
      const pctFig = formatOf(sweep, String(d.figure)) === 'percent';
      const t = (x: number): string => (pctFig ? points(x) : signed(x));
      return `${String(d.figure)} ${t(d.difference as number)}${pctFig ? ' points' : ''} [${t(d.ci95_lo as number)}, ${t(d.ci95_hi as number)}]`;
    };
    return sig.length ? `${key}=${v}: ${sig.map(fmt).join('; ')}` : `${key}=${v}: no figure moves (every interval contains 0)`;
  });
  if (diffs.length > 0 && moved.length > 0) answer.push(`How the figures move from ${key}=${baseline} (paired differences whose 95% interval excludes 0): ${moved.join(' · ')}.`);
  if (answer.length === 0) answer.push(`Sweep of ${key}: see the figures below.`);

  const curveBlocks: Block[] = figures.map((fig) => {
    const rows = est.filter((r) => r.figure === fig);
    const percent = formatOf(sweep, fig) === 'percent';
    const isP = fig === P_FIGURE;
    const dRows = diffs.filter((d) => d.figure === fig);
    const charts = [
      {
        id: `sweep-${kebab(fig)}`,
        spec: curveChart({
          title: fig,
          description: `${fig} at each value of ${key}${isP ? '' : ', with 95% intervals over deals'}.`,
          rows,
          x: { field: 'value', title: key, order: values },
          measure: { field: 'estimate', title: fig, ...(isP ? {} : { lo: 'ci95_lo', hi: 'ci95_hi' }), ...(percent ? { percent: true } : {}) },
        }),
      },
    ];
    if (dRows.length > 0) {
      charts.push({
        id: `sweep-diff-${kebab(fig)}`,
        spec: intervalChart({
          title: `${fig}: difference from ${key}=${baseline}`,
          description: `Paired difference of ${fig} from ${key}=${baseline} at each other value, with 95% intervals; the dashed line is no difference.`,
          rows: dRows,
          category: { field: 'value', title: key, order: values.slice(1) },
          measure: { field: 'difference', title: `difference${percent ? ' (% points)' : ''}`, lo: 'ci95_lo', hi: 'ci95_hi', ...(percent ? { percent: true } : {}) },
          mark: 'point',
          zeroRule: true,
        }),
      });
    }
    return {
      id: `figure-${kebab(fig)}`,
      title: fig,
      charts,
      caption: isP ? 'The p-value of the test of equal positions at each value (no interval; a p-value has no difference to take).' : '',
      table: figureTable(fig, key, baseline, rows, dRows, percent),
    };
  });
  return {
    title: `${str(s?.game)}: sweep of ${key}`,
    meta: [
      `${str(s?.game)} · sweep of ${key} over ${values.join(', ')}`,
      `same seed (${str(s?.seed)}) and deals for every value`,
      s ? `${num(s.games) ?? '?'} games each, line-up: ${arr(s.lineup).map(str).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    answer,
    links: f.subRuns.map((d) => ({ href: `${d}/report.html`, text: d })),
    sections: [
      {
        id: 'figures-section',
        title: 'Key figures at each value',
        intro: [
          `Left: each figure at each value of ${key} with its 95% interval over deals. Right: its paired difference from ${key}=${baseline} (the same deals under each value, so their luck cancels; delete-a-group jackknife) with its 95% interval. ` +
            'Rates are proportions (axis in percent); their differences are in proportion units (the answer gives them in percentage points).',
        ],
        blocks: curveBlocks,
      },
    ],
    sources: [...Object.keys(f.json).map((n) => `${n}.json`), ...Object.keys(f.csv).map((n) => `${n}.csv`), ...(first ? [`${f.subRuns[0]!}/summary.json`] : [])],
    missing: [...(f.csv['sweep-differences'] ? [] : ['sweep-differences.csv (paired differences)']), ...(f.csv.sweep ? [] : ['sweep.csv (key figures)'])],
  };
}
