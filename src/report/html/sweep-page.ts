import { join } from 'node:path';
import { curveChart, intervalChart } from './charts.js';
import { pValue, pct, points, signed } from './format.js';
import { arr, num, obj, readRun, str, type Row, type RunFiles } from './load.js';
import { csvTable } from './blocks.js';
import type { Block, Page, PageChart } from './page.js';
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
  if (fp.length > 0)
    answer.push(
      `First player's win rate (95% interval): ${fp.map((r) => `${key}=${String(r.value)} ${typeof r.estimate === 'number' ? pct(r.estimate) : 'n/a'}${typeof r.ci95_lo === 'number' && typeof r.ci95_hi === 'number' ? ` [${pct(r.ci95_lo)}, ${pct(r.ci95_hi)}]` : ''}`).join('; ')}.`,
    );
  const moved = values.slice(1).map((v) => {
    const sig = diffs.filter(
      (d) =>
        String(d.value) === v && typeof d.ci95_lo === 'number' && typeof d.ci95_hi === 'number' && ((d.ci95_lo as number) > 0 || (d.ci95_hi as number) < 0),
    );
    const fmt = (d: Row): string => {
      const pctFig = formatOf(sweep, String(d.figure)) === 'percent';
      const t = (x: number): string => (pctFig ? points(x) : signed(x));
      return `${String(d.figure)} ${t(d.difference as number)}${pctFig ? ' points' : ''} [${t(d.ci95_lo as number)}, ${t(d.ci95_hi as number)}]`;
    };
    return sig.length ? `${key}=${v}: ${sig.map(fmt).join('; ')}` : `${key}=${v}: no figure moves (every interval contains 0)`;
  });
  if (diffs.length > 0 && moved.length > 0)
    answer.push(`How the figures move from ${key}=${baseline} (paired differences whose 95% interval excludes 0): ${moved.join(' · ')}.`);
  if (answer.length === 0) answer.push(`Sweep of ${key}: see the figures below.`);

  const curve = (fig: string): PageChart => {
    const isP = fig === P_FIGURE;
    return {
      id: `sweep-${kebab(fig)}`,
      spec: curveChart({
        title: fig,
        description: `${fig} at each value of ${key}${isP ? '' : ', with 95% intervals over deals'}.`,
        rows: est.filter((r) => r.figure === fig),
        x: { field: 'value', title: key, order: values },
        measure: {
          field: 'estimate',
          title: fig,
          ...(isP ? {} : { lo: 'ci95_lo', hi: 'ci95_hi' }),
          ...(formatOf(sweep, fig) === 'percent' ? { percent: true } : {}),
        },
      }),
    };
  };
  const difference = (fig: string): PageChart[] => {
    const dRows = diffs.filter((d) => d.figure === fig);
    if (dRows.length === 0) return [];
    const percent = formatOf(sweep, fig) === 'percent';
    return [
      {
        id: `sweep-diff-${kebab(fig)}`,
        spec: intervalChart({
          title: `${fig}: − ${key}=${baseline}`,
          description: `Paired difference of ${fig} from ${key}=${baseline} at each other value, with 95% intervals; the dashed line is no difference.`,
          rows: dRows,
          category: { field: 'value', title: key, order: values.slice(1) },
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
  const isPercent = (r: Row): boolean => formatOf(sweep, String(r.figure)) === 'percent';
  const fairFigures = figures.filter((x) => fair(x) < 2);
  const otherFigures = figures.filter((x) => fair(x) === 2);
  const pick = (rows: readonly Row[], figs: readonly string[]): Row[] => rows.filter((r) => figs.includes(String(r.figure)));
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
      charts: [...fairFigures.map(curve), ...fairFigures.flatMap(difference)],
      caption: `The first player's win rate at each value with its 95% interval over deals, the p-value of the test of equal positions (no interval, and no difference: a p-value is not a quantity to subtract), and the paired difference of the first player's win rate from ${key}=${baseline}.`,
      table: estTable('fairness-table', fairFigures),
    });
  }
  if (otherFigures.length) {
    blocks.push({
      id: 'figures',
      title: 'Key figures at each value',
      charts: otherFigures.map(curve),
      caption: `Each figure at each value of ${key} with its 95% interval over deals (delete-a-group jackknife; win rates of bots: deal-level).`,
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
        blocks,
      },
    ],
    sources: [
      ...Object.keys(f.json).map((n) => `${n}.json`),
      ...Object.keys(f.csv).map((n) => `${n}.csv`),
      ...(first ? [`${f.subRuns[0]!}/summary.json`] : []),
    ],
    missing: [...(f.csv['sweep-differences'] ? [] : ['sweep-differences.csv (paired differences)']), ...(f.csv.sweep ? [] : ['sweep.csv (key figures)'])],
  };
}
