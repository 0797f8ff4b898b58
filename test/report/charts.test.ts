/**
 * The HTML report's chart builders and table views, from sample rows: the
 * Vega-Lite specs' layers, fields and data, and the SVG they render to
 * (marks counted by their layer names), without a browser.
 */
import { describe, expect, it } from 'vitest';
import { curveChart, heatmapChart, intervalChart, seriesChart, traceChart, type VlSpec } from '../../src/report/html/charts.js';
import { parseCsv, type Row } from '../../src/report/html/load.js';
import { tableHtml } from '../../src/report/html/page.js';
import { renderSvg, scopeIds } from '../../src/report/html/svg.js';
import { estimateColumns, isProportion, keyColumns, tableCharts, type DataTable } from '../../src/report/html/table-charts.js';

type Layer = { name?: string; mark: { type: string }; encoding: Record<string, { field?: string; datum?: number; title?: string }> };
const layers = (s: VlSpec): Layer[] => s.layer as Layer[];
/** Items drawn by the mark layer `name` in an SVG: paths (bars, dots, cells), lines (rules) or texts. */
const marks = (svg: string, name: string): number => {
  const m = new RegExp(`<g class="mark-[a-z]+ role-mark ${name}_marks"[^>]*>(.*?)</g>`, 's').exec(svg);
  return m ? (m[1]!.match(/<(path|line|text)\b/g) ?? []).length : 0;
};

const bots: Row[] = [
  { bot: 'greedy', win_rate: 0.4, ci95_lo: 0.36, ci95_hi: 0.45 },
  { bot: 'random', win_rate: 0.16, ci95_lo: 0.13, ci95_hi: 0.2 },
  { bot: 'mc:iterations=20', win_rate: 0.17, ci95_lo: 0.14, ci95_hi: 0.2 },
];

/** A Nine Virtues-like table: two bots × three ranks, three estimated columns. */
const bids: DataTable = {
  id: 'bids-by-rank',
  title: 'Bidding by rank',
  caption: '',
  columns: [
    'bot',
    'rank',
    'bids_per_game',
    'bids_per_game_lo',
    'bids_per_game_hi',
    'bid_cards',
    'success_rate',
    'success_rate_lo',
    'success_rate_hi',
    'success_rate_deff',
  ],
  titles: ['bot', 'rank', 'bids/game', 'bids/game lo', 'bids/game hi', 'bid cards', 'success rate', 'success rate lo', 'success rate hi', 'success rate deff'],
  rows: ['a', 'b'].flatMap((bot) =>
    [2, 3, 4].map((rank) => ({
      bot,
      rank,
      bids_per_game: rank / 4,
      bids_per_game_lo: rank / 4 - 0.01,
      bids_per_game_hi: rank / 4 + 0.01,
      bid_cards: 100 * rank,
      success_rate: 0.9,
      success_rate_lo: 0.85,
      success_rate_hi: 0.95,
      success_rate_deff: 0.98,
    })),
  ),
};

describe('intervalChart', () => {
  it('a bar layer of the measure and an error-bar layer from its lo to its hi column, over the rows unchanged', () => {
    const s = intervalChart({
      title: 'Win rate by bot',
      description: 'd',
      rows: bots,
      category: { field: 'bot', title: 'bot' },
      measure: { field: 'win_rate', title: 'win rate', lo: 'ci95_lo', hi: 'ci95_hi', percent: true },
      mark: 'bar',
      horizontal: true,
    });
    expect((s.data as { values: Row[] }).values).toEqual(bots);
    const [bars, ci] = layers(s);
    expect(bars!.mark.type).toBe('bar');
    expect(bars!.encoding.x!.field).toBe('win_rate');
    expect(bars!.encoding.y!.field).toBe('bot');
    expect(ci!.mark.type).toBe('errorbar');
    expect(ci!.encoding.x!.field).toBe('ci95_lo');
    expect(ci!.encoding.x2!.field).toBe('ci95_hi');
    // One axis title, not "win rate, ci95_lo".
    expect(ci!.encoding.x!.title).toBe('win rate');
  });

  it('renders one bar and one interval per row, with its axis titles', async () => {
    const svg = await renderSvg(
      intervalChart({
        title: 'T',
        description: 'd',
        rows: bots,
        category: { field: 'bot', title: 'bot name' },
        measure: { field: 'win_rate', title: 'win rate', lo: 'ci95_lo', hi: 'ci95_hi' },
        mark: 'bar',
      }),
      'c1',
    );
    expect(marks(svg, 'bars')).toBe(3);
    expect(marks(svg, 'intervals_layer_2')).toBe(3);
    expect(svg).toContain('>bot name</text>');
    expect(svg).toContain('>win rate</text>');
  });

  it('a point chart with a zero rule; a missing value draws no dot', async () => {
    const rows = [...bots, { bot: 'none', win_rate: null, ci95_lo: null, ci95_hi: null }];
    const s = intervalChart({
      title: 'T',
      description: 'd',
      rows,
      category: { field: 'bot', title: 'bot' },
      measure: { field: 'win_rate', title: 'w' },
      mark: 'point',
      zeroRule: true,
    });
    expect(layers(s).map((l) => l.name)).toEqual(['zero', 'dots']);
    expect(
      layers(
        intervalChart({
          title: 'T',
          description: 'd',
          rows,
          category: { field: 'bot', title: 'bot' },
          measure: { field: 'win_rate', title: 'w', lo: 'ci95_lo', hi: 'ci95_hi' },
          mark: 'point',
        }),
      ).map((l) => l.name),
    ).toEqual(['intervals', 'dots']);
    expect(layers(s)[0]!.encoding.y!.datum).toBe(0);
    const svg = await renderSvg(s, 'c2');
    expect(marks(svg, 'dots')).toBe(3);
  });

  it('groups: colour and offset by the group column, one bar per row', async () => {
    const s = intervalChart({
      title: 'T',
      description: 'd',
      rows: bids.rows,
      category: { field: 'rank', title: 'rank' },
      group: { field: 'bot', title: 'bot' },
      measure: { field: 'success_rate', title: 's', lo: 'success_rate_lo', hi: 'success_rate_hi' },
      mark: 'bar',
    });
    expect(layers(s)[0]!.encoding.color!.field).toBe('bot');
    expect(layers(s)[0]!.encoding.xOffset!.field).toBe('bot');
    expect(marks(await renderSvg(s, 'c3'), 'bars')).toBe(6);
  });
});

describe('curve, trace and heat map', () => {
  it('curveChart, categorical values: one dot per value in the given order on an ordinal axis, never joined by a line', async () => {
    const rows = [
      { value: 'face', estimate: 0.25, ci95_lo: 0.23, ci95_hi: 0.27 },
      { value: 'zero', estimate: 0.26, ci95_lo: 0.24, ci95_hi: 0.28 },
      { value: 'double', estimate: 0.255, ci95_lo: 0.233, ci95_hi: 0.277 },
    ];
    const s = curveChart({
      title: 'T',
      description: 'd',
      rows,
      x: { field: 'value', title: 'bidPenalty', order: ['face', 'zero', 'double'] },
      measure: { field: 'estimate', title: 'first player', lo: 'ci95_lo', hi: 'ci95_hi', percent: true },
    });
    expect(layers(s).map((l) => l.name)).toEqual(['dots', 'intervals']);
    expect((layers(s)[0]!.encoding.x as unknown as { type: string }).type).toBe('ordinal');
    expect((layers(s)[0]!.encoding.x as { sort?: unknown }).sort).toEqual(['face', 'zero', 'double']);
    const svg = await renderSvg(s, 'c4');
    expect(marks(svg, 'dots')).toBe(3);
    expect(marks(svg, 'line')).toBe(0);
  });

  it('curveChart, numeric values typed 4,3,5: a quantitative axis with ticks 3, 4, 5 (no %), the line joins them in numeric order', async () => {
    const rows = [
      { value: 4, estimate: 0.246, ci95_lo: 0.24, ci95_hi: 0.252 },
      { value: 3, estimate: 0.223, ci95_lo: 0.217, ci95_hi: 0.229 },
      { value: 5, estimate: 0.296, ci95_lo: 0.29, ci95_hi: 0.302 },
    ];
    const s = curveChart({
      title: 'T',
      description: 'd',
      rows,
      x: { field: 'value', title: 'rounds', order: ['4', '3', '5'], numeric: true },
      measure: { field: 'estimate', title: 'first player', lo: 'ci95_lo', hi: 'ci95_hi', percent: true },
    });
    expect(layers(s).map((l) => l.name)).toEqual(['line', 'dots', 'intervals']);
    const x = layers(s)[0]!.encoding.x as unknown as { type: string; axis: { values: number[]; format: string } };
    expect(x.type).toBe('quantitative');
    expect(x.axis.values).toEqual([3, 4, 5]);
    const svg = await renderSvg(s, 'c4n');
    const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    expect(labels).toEqual(expect.arrayContaining(['3', '4', '5']));
    expect(labels.filter((l) => /^[345](00(\.0)?)?%$/.test(l))).toEqual([]);
    // The line's path visits x in ascending order: its points' x coordinates increase.
    const path = /role-mark line_marks"[^>]*><path[^>]* d="([^"]+)"/.exec(svg);
    const xs = [...(path?.[1] ?? '').matchAll(/[ML]([-\d.]+),/g)].map((m) => Number(m[1]));
    expect(xs.length).toBe(3);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('a percent axis over a narrow range (93.5% to 93.7%) prints as many decimals as its ticks need: no two tick labels alike', async () => {
    const rows = [
      { value: 3, estimate: 0.9357, ci95_lo: 0.9352, ci95_hi: 0.9367 },
      { value: 4, estimate: 0.9355, ci95_lo: 0.9349, ci95_hi: 0.9364 },
      { value: 5, estimate: 0.9353, ci95_lo: 0.9348, ci95_hi: 0.9362 },
    ];
    const s = curveChart({
      title: 'T',
      description: 'd',
      rows,
      x: { field: 'value', title: 'rounds', numeric: true },
      measure: { field: 'estimate', title: 'bid success rate', lo: 'ci95_lo', hi: 'ci95_hi', percent: true },
    });
    const svg = await renderSvg(s, 'c4p');
    const labels = [...svg.matchAll(/<text[^>]*>([^<]*%)<\/text>/g)].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThan(2);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('seriesChart: the first series with its interval as a band, one line per series, a dot per row when the rows are few', async () => {
    const rows = [32, 64, 96].map((games, i) => ({ games, fitness: 0.2 + i / 100, fitness_lo: 0.1, fitness_hi: 0.35, best: 0.25 }));
    const s = seriesChart({
      title: 'Fitness per iteration',
      description: 'd',
      rows,
      x: { field: 'games', title: 'games played' },
      series: [
        { field: 'fitness', title: 'fitness', mark: 'line', color: '#4c78a8' },
        { field: 'best', title: 'model mean', mark: 'step', color: '#e45756' },
      ],
      band: { lo: 'fitness_lo', hi: 'fitness_hi', title: '95% interval' },
      y: { title: 'win share', percent: true },
      zeroRule: true,
    });
    expect((s.data as { values: Row[] }).values).toEqual(rows);
    expect(layers(s).map((l) => l.name)).toEqual(['band', 'zero', 'series_0', 'series_0_dots', 'series_1', 'series_1_dots']);
    const band = layers(s)[0]!;
    expect(band.mark.type).toBe('area');
    expect([band.encoding.y!.field, band.encoding.y2!.field]).toEqual(['fitness_lo', 'fitness_hi']);
    expect((layers(s)[4]!.mark as { interpolate?: string }).interpolate).toBe('step-after');
    const svg = await renderSvg(s, 'c7');
    expect(marks(svg, 'band')).toBe(1);
    expect(marks(svg, 'series_0')).toBe(1);
    expect(marks(svg, 'series_0_dots')).toBe(3);
    for (const t of ['games played', 'win share', '95% interval', 'fitness', 'model mean']) expect(svg).toContain(`>${t}</text>`);
    // Choices: an ordinal axis in the given order; dots only for 'dots'.
    const c = seriesChart({
      title: 'p',
      description: 'd',
      rows: [
        { games: 1, p: 'zero' },
        { games: 2, p: 'face' },
      ],
      x: { field: 'games', title: 'games' },
      series: [{ field: 'p', title: 'played', mark: 'dots', color: '#4c78a8' }],
      y: { title: 'p', choices: ['face', 'zero', 'double'] },
    });
    expect(layers(c).map((l) => l.name)).toEqual(['series_0']);
    expect((layers(c)[0]!.encoding.y as { scale?: { domain?: unknown } }).scale?.domain).toEqual(['face', 'zero', 'double']);
    expect(marks(await renderSvg(c, 'c8'), 'series_0')).toBe(2);
  });

  it('seriesChart on a log axis (a log tuning range): a log scale without zero, and Vega-Lite prints no warning on the terminal', async () => {
    const s = seriesChart({
      title: 'c per iteration',
      description: 'd',
      rows: [32, 64].map((games, i) => ({ games, c: 0.1 * (i + 1) })),
      x: { field: 'games', title: 'games played' },
      series: [{ field: 'c', title: 'c', mark: 'line', color: '#4c78a8' }],
      y: { title: 'c', log: true, domain: [0.05, 2] },
    });
    expect((layers(s)[0]!.encoding.y as { scale?: Record<string, unknown> }).scale).toEqual({ type: 'log', domain: [0.05, 2], nice: false });
    const warned: unknown[] = [];
    const warn = console.warn;
    console.warn = (...a: unknown[]) => warned.push(a);
    try {
      expect(marks(await renderSvg(s, 'c9'), 'series_0')).toBe(1);
    } finally {
      console.warn = warn;
    }
    expect(warned).toEqual([]);
  });

  it('traceChart: the LLR trace and two labelled bounds', async () => {
    const rows = [10, 20, 30].map((deals, i) => ({ deals, llr: i - 0.5, lower: -2.94, upper: 2.94 }));
    const s = traceChart({
      title: 'T',
      description: 'd',
      rows,
      x: { field: 'deals', title: 'deals played' },
      y: { field: 'llr', title: 'log-likelihood ratio' },
      bounds: {
        rows: [
          { bound: 'upper', llr: 2.94 },
          { bound: 'lower', llr: -2.94 },
        ],
        label: 'bound',
        value: 'llr',
      },
    });
    const svg = await renderSvg(s, 'c5');
    expect(marks(svg, 'dots')).toBe(3);
    expect(marks(svg, 'bounds')).toBe(2);
    expect(marks(svg, 'bound_labels')).toBe(2);
    expect(svg).toContain('>deals played</text>');
  });

  it('heatmapChart: one cell and one label per pair, the colour domain 0 to 1', async () => {
    const rows = [
      { bot: 'a', opponent: 'b', los: 0.9 },
      { bot: 'b', opponent: 'a', los: 0.1 },
    ];
    const s = heatmapChart({
      title: 'T',
      description: 'd',
      rows,
      row: { field: 'bot', title: 'bot' },
      column: { field: 'opponent', title: 'opponent' },
      measure: { field: 'los', title: 'LOS', percent: true },
    });
    expect((layers(s)[0]!.encoding.color as unknown as { scale: { domain: number[] } }).scale.domain).toEqual([0, 1]);
    const svg = await renderSvg(s, 'c6');
    expect(marks(svg, 'cells')).toBe(2);
    expect(marks(svg, 'cell_labels')).toBe(2);
    expect(svg).toContain('>90.0%</text>');
  });
});

describe('tables as charts', () => {
  it('estimate columns are those with _lo and _hi partners; keys the shortest prefix that tells rows apart', () => {
    expect(estimateColumns(bids.columns)).toEqual(['bids_per_game', 'success_rate']);
    expect(keyColumns(bids)).toEqual(['bot', 'rank']);
    expect(keyColumns({ ...bids, rows: bids.rows.slice(0, 3) })).toEqual(['bot', 'rank']);
    expect(isProportion('success_rate')).toBe(true);
    expect(isProportion('success_rate_deff')).toBe(false);
    expect(isProportion('bids_per_game')).toBe(false);
  });

  it('one chart per estimate column: rank along the axis, bot by colour; a constant bot is named, not charted', () => {
    const two = tableCharts(bids);
    expect(two.charts.map((c) => c.id)).toEqual(['bids-by-rank--bids_per_game', 'bids-by-rank--success_rate']);
    expect(two.charts[0]!.category.field).toBe('rank');
    expect(two.charts[0]!.group?.field).toBe('bot');
    expect(two.charts[1]!.measure).toMatchObject({ lo: 'success_rate_lo', hi: 'success_rate_hi', percent: true });
    const one = tableCharts({ ...bids, rows: bids.rows.slice(0, 3) });
    expect(one.charts[0]!.group).toBeUndefined();
    expect(one.constant).toEqual(['bot: a']);
    expect(one.charts[0]!.horizontal).toBe(false);
  });

  it('a table of one row, or without estimates, gets no chart', () => {
    expect(tableCharts({ ...bids, rows: bids.rows.slice(0, 1) }).charts).toEqual([]);
    expect(
      tableCharts({
        id: 'x',
        title: 'x',
        caption: '',
        columns: ['who', 'points'],
        rows: [
          { who: 'a', points: 1 },
          { who: 'b', points: 2 },
        ],
      }).charts,
    ).toEqual([]);
  });

  it('the table view joins an interval to its column and prints proportions as percentages', () => {
    const html = tableHtml({ ...bids, rows: bids.rows.slice(0, 1) });
    expect(html).toContain('<th scope="col" class="">success rate <span class="ci">[95% interval]</span></th>');
    expect(html).toContain('90.0% [85.0%, 95.0%]');
    expect(html).toContain('0.500 [0.490, 0.510]');
    expect(html).not.toContain('success rate lo');
    const b = tableHtml({ id: 'b', title: 'b', caption: '', columns: Object.keys(bots[0]!), rows: bots, intervals: { win_rate: ['ci95_lo', 'ci95_hi'] } });
    expect(b).toContain('40.0% [36.0%, 45.0%]');
  });
});

describe('files and SVG', () => {
  it('parseCsv: numbers cast, empty cells null, quoted commas kept', () => {
    expect(parseCsv('bot,win_rate,x\n"mc:iterations=20,c=0.7",0.25,\n')).toEqual([{ bot: 'mc:iterations=20,c=0.7', win_rate: 0.25, x: null }]);
  });

  it('scopeIds prefixes ids and their references', () => {
    expect(scopeIds('<clipPath id="clip1"></clipPath><g clip-path="url(#clip1)"></g>', 'a b')).toBe(
      '<clipPath id="a_b-clip1"></clipPath><g clip-path="url(#a_b-clip1)"></g>',
    );
  });
});
