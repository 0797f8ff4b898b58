import type { Row } from './load.js';

/**
 * A Vega-Lite specification (v6), as plain JSON. The builders below make them
 * from a run file's rows, unchanged: the chart's data are the file's numbers.
 */
export type VlSpec = Readonly<Record<string, unknown>>;

/** A quantity to plot: a column, its title (with its unit), and its 95% interval columns if any. */
export interface Measure {
  readonly field: string;
  readonly title: string;
  readonly lo?: string;
  readonly hi?: string;
  /** A proportion: the axis reads in percent. */
  readonly percent?: boolean;
}

/** A column that names the rows (a bot, a rank, a position, a sweep value). */
export interface Category {
  readonly field: string;
  readonly title: string;
  /** The order of the categories (default: as they first appear in the rows). */
  readonly order?: readonly (string | number)[];
}

/** What every chart has: a title, a one-line description (the SVG's aria label) and its rows. */
export interface ChartBase {
  readonly title: string;
  readonly description: string;
  readonly rows: readonly Row[];
}

/** Width of a chart's plotting area in px; a page shows two side by side on a laptop. */
export const CHART_WIDTH = 340;
const HEIGHT = 190;
const STEP = 22;

/** The look shared by every chart: fonts, sizes, no outer border. */
const config = {
  font: 'Helvetica, Arial, sans-serif',
  // Marks get no ARIA labels of their own: the SVG is one image labelled by its description, and the table view under it holds the numbers.
  mark: { aria: false },
  rule: { aria: false },
  tick: { aria: false },
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 11, titleFontWeight: 'normal', labelLimit: 180 },
  legend: { labelFontSize: 11, titleFontSize: 11, labelLimit: 220 },
  title: { fontSize: 13, anchor: 'start', fontWeight: 'bold', subtitleFontSize: 11, subtitleColor: '#444' },
};

function base(c: ChartBase): Record<string, unknown> {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: c.title },
    description: c.description,
    data: { values: c.rows.map((r) => ({ ...r })) },
    config,
  };
}

function order(rows: readonly Row[], c: Category): (string | number)[] {
  if (c.order) return [...c.order];
  const seen: (string | number)[] = [];
  for (const r of rows) {
    const v = r[c.field];
    if (v !== null && v !== undefined && !seen.includes(v)) seen.push(v);
  }
  return seen;
}

function quant(m: Measure, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    field: m.field,
    type: 'quantitative',
    title: m.title,
    ...(m.percent ? { axis: { format: '~%' } } : {}),
    scale: { zero: false },
    ...extra,
  };
}

/** A bar chart or dot plot of one measure by category, with interval bars. */
export interface IntervalChart extends ChartBase {
  /** The categories: one bar (or dot) per row and group. */
  readonly category: Category;
  /** Rows that share a category are told apart by this column: colour and side-by-side offset. */
  readonly group?: Category;
  readonly measure: Measure;
  /** 'bar' starts at zero (counts, rates); 'point' shows a dot (ratings, differences). */
  readonly mark: 'bar' | 'point';
  /** Categories down the side (long names such as bot specs) instead of along the bottom. */
  readonly horizontal?: boolean;
  /** Draw a rule at 0 (differences). */
  readonly zeroRule?: boolean;
  /** Width of the plotting area in px (default `CHART_WIDTH`). */
  readonly width?: number;
}

/**
 * A chart of one measure by category with 95% interval bars (Vega-Lite layers:
 * `bar` or `point`, and a `rule` from the `lo` to the `hi` column when the
 * measure has them). One mark per row: the number of bars or dots equals the
 * number of rows whose measure is not missing.
 * @returns the Vega-Lite spec; the rows are its inline data, unchanged.
 */
export function intervalChart(c: IntervalChart): VlSpec {
  const cat = c.horizontal ? 'y' : 'x';
  const val = c.horizontal ? 'x' : 'y';
  const offset = c.horizontal ? 'yOffset' : 'xOffset';
  const catEnc = {
    field: c.category.field,
    type: 'ordinal',
    title: c.category.title,
    sort: order(c.rows, c.category),
    ...(c.horizontal ? {} : { axis: { labelAngle: 0 } }),
  };
  const groupEnc: Record<string, unknown> = c.group
    ? {
        color: {
          field: c.group.field,
          type: 'nominal',
          title: c.group.title,
          sort: order(c.rows, c.group),
          legend: { orient: 'bottom', direction: 'vertical' },
        },
        [offset]: { field: c.group.field, type: 'nominal', sort: order(c.rows, c.group) },
      }
    : {};
  const y = quant(c.measure, c.mark === 'bar' ? { scale: { zero: true } } : {});
  const layers: Record<string, unknown>[] = [];
  if (c.zeroRule)
    layers.push({ name: 'zero', mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { [val]: { datum: 0, type: 'quantitative' } } });
  const markLayer = {
    name: c.mark === 'bar' ? 'bars' : 'dots',
    mark: c.mark === 'bar' ? { type: 'bar', opacity: 0.85 } : { type: 'point', filled: true, size: 70, opacity: 1 },
    encoding: { [cat]: catEnc, [val]: y, ...groupEnc, ...(c.group ? {} : { color: { value: '#4c78a8' } }) },
  };
  const ciLayer =
    c.measure.lo && c.measure.hi
      ? {
          name: 'intervals',
          mark: { type: 'errorbar', ticks: { size: 7, color: '#222' }, rule: { color: '#222', strokeWidth: 1.5 } },
          encoding: {
            [cat]: catEnc,
            [val]: { field: c.measure.lo, type: 'quantitative', title: c.measure.title },
            [`${val}2`]: { field: c.measure.hi },
            ...(c.group ? { [offset]: groupEnc[offset] } : {}),
          },
        }
      : null;
  // Interval bars over bars, dots over interval bars.
  if (c.mark === 'bar') layers.push(markLayer, ...(ciLayer ? [ciLayer] : []));
  else layers.push(...(ciLayer ? [ciLayer] : []), markLayer);
  const groups = c.group ? order(c.rows, c.group).length : 1;
  const width = c.width ?? CHART_WIDTH;
  const size = c.horizontal ? { width, height: { step: Math.max(STEP, 12 * groups + 6) } } : { width, height: HEIGHT };
  return { ...base(c), ...size, layer: layers };
}

/** A curve of one measure over a setting (a sweep's values), with interval bars. */
export interface CurveChart extends ChartBase {
  /** The setting; `numeric` when its values are numbers (rounds=3,4,5): then a quantitative axis. */
  readonly x: Category & { readonly numeric?: boolean };
  readonly measure: Measure;
}

/**
 * One measure at each value of a setting with 95% interval bars (Vega-Lite
 * `point` and `errorbar` layers; one dot per row). A numeric setting is a
 * quantitative x axis (ticks at the values, printed as numbers, in numeric
 * order whatever order they were typed in), its dots joined by a `line` in
 * that order: a trend. A categorical setting is an ordinal axis in the
 * given order, its dots never joined (no trend between categories).
 */
export function curveChart(c: CurveChart): VlSpec {
  const numeric = c.x.numeric === true;
  const ticks = order(c.rows, c.x)
    .map(Number)
    .sort((a, b) => a - b);
  const x = numeric
    ? {
        field: c.x.field,
        type: 'quantitative',
        title: c.x.title,
        sort: 'ascending',
        scale: { zero: false, nice: false, padding: 16 },
        axis: { values: ticks, format: '~g', labelAngle: 0, grid: false },
      }
    : { field: c.x.field, type: 'ordinal', title: c.x.title, sort: order(c.rows, c.x), axis: { labelAngle: 0 } };
  const y = quant(c.measure);
  const layers: Record<string, unknown>[] = [
    ...(numeric ? [{ name: 'line', mark: { type: 'line', color: '#4c78a8' }, encoding: { x, y, order: { field: c.x.field, type: 'quantitative' } } }] : []),
    { name: 'dots', mark: { type: 'point', filled: true, size: 60, color: '#4c78a8' }, encoding: { x, y } },
  ];
  if (c.measure.lo && c.measure.hi)
    layers.push({
      name: 'intervals',
      mark: { type: 'errorbar', ticks: { size: 7, color: '#222' }, rule: { color: '#222', strokeWidth: 1.5 } },
      encoding: { x, y: { field: c.measure.lo, type: 'quantitative', title: c.measure.title }, y2: { field: c.measure.hi } },
    });
  return { ...base(c), width: 260, height: 160, layer: layers };
}

/** A sequential test's statistic against its two stopping bounds. */
export interface TraceChart extends ChartBase {
  readonly x: Measure;
  readonly y: Measure;
  /** Horizontal rules: rows of `{ [bound.label]: name, [bound.value]: level }`. */
  readonly bounds: { readonly rows: readonly Row[]; readonly label: string; readonly value: string };
}

/**
 * The SPRT's log-likelihood ratio after each look (Vega-Lite `line` + `point`)
 * between its lower and upper bounds (dashed `rule`s, labelled with `text`).
 */
export function traceChart(c: TraceChart): VlSpec {
  const x = { field: c.x.field, type: 'quantitative', title: c.x.title, scale: { zero: true } };
  const y = { field: c.y.field, type: 'quantitative', title: c.y.title };
  const b = { values: c.bounds.rows.map((r) => ({ ...r })) };
  return {
    ...base(c),
    width: 2 * CHART_WIDTH,
    height: 220,
    layer: [
      { name: 'bounds', data: b, mark: { type: 'rule', strokeDash: [6, 4], color: '#b22' }, encoding: { y: { field: c.bounds.value, type: 'quantitative' } } },
      {
        name: 'bound_labels',
        data: b,
        mark: { type: 'text', align: 'left', dx: 4, dy: -7, color: '#b22', fontSize: 11 },
        encoding: { y: { field: c.bounds.value, type: 'quantitative' }, x: { value: 0 }, text: { field: c.bounds.label } },
      },
      { name: 'line', mark: { type: 'line', color: '#4c78a8' }, encoding: { x, y } },
      { name: 'dots', mark: { type: 'point', filled: true, size: 30, color: '#4c78a8' }, encoding: { x, y } },
    ],
  };
}

/** A matrix of one measure by row and column category. */
export interface HeatmapChart extends ChartBase {
  readonly row: Category;
  readonly column: Category;
  readonly measure: Measure;
}

/**
 * A heat map (Vega-Lite `rect` with a diverging colour scale from 0 to 1,
 * centred on ½) with each cell's value written in it (`text`); one rect per row
 * of the data (a missing pair is an empty cell).
 */
export function heatmapChart(c: HeatmapChart): VlSpec {
  const n = order(c.rows, c.column).length;
  const x = {
    field: c.column.field,
    type: 'nominal',
    title: c.column.title,
    sort: order(c.rows, c.column),
    axis: { labelAngle: 0, labelExpr: "split(datum.label, ':')", labelLimit: 0 },
  };
  const y = { field: c.row.field, type: 'nominal', title: c.row.title, sort: order(c.rows, c.row) };
  const fmt = c.measure.percent ? '.1%' : '.3f';
  return {
    ...base(c),
    width: Math.min(2 * CHART_WIDTH, Math.max(160, 70 * n)),
    height: { step: 34 },
    layer: [
      {
        name: 'cells',
        mark: { type: 'rect', stroke: 'white' },
        encoding: {
          x,
          y,
          color: {
            field: c.measure.field,
            type: 'quantitative',
            title: c.measure.title,
            scale: { scheme: 'blueorange', domain: [0, 1], domainMid: 0.5 },
            legend: { format: c.measure.percent ? '.0%' : '.1f', orient: 'right', gradientLength: 120 },
          },
        },
      },
      {
        name: 'cell_labels',
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          x,
          y,
          text: { field: c.measure.field, type: 'quantitative', format: fmt },
          color: { condition: { test: `datum['${c.measure.field}'] > 0.85 || datum['${c.measure.field}'] < 0.15`, value: 'white' }, value: 'black' },
        },
      },
    ],
  };
}

/** One series of a `seriesChart`: a column drawn over the x column. */
export interface Series {
  readonly field: string;
  /** Its name in the legend. */
  readonly title: string;
  /** 'line' joins the rows, 'step' holds each value until the next row, 'dots' draws one dot per row. */
  readonly mark: 'line' | 'step' | 'dots';
  readonly color: string;
  readonly dash?: boolean;
  /** Area of a 'dots' series' points in px² (default 18): a larger dot for a single point that must be seen (SPSA's tuned value). */
  readonly size?: number;
}

/** Series over a run's progress (a learning curve, a parameter's trajectory), the first with its 95% interval as a band. */
export interface SeriesChart extends ChartBase {
  /** The x column (quantitative: games played, iterations). */
  readonly x: Measure;
  readonly series: readonly Series[];
  /** The 95% interval of the first series: a shaded band from `lo` to `hi`, named `title` in the legend. */
  readonly band?: { readonly lo: string; readonly hi: string; readonly title: string };
  /** The y axis: its title; percent for proportions; `domain` pins its ends (a tuning range), `log` a log scale, `choices` makes it a list of values in that order. */
  readonly y: {
    readonly title: string;
    readonly percent?: boolean;
    readonly domain?: readonly [number, number];
    readonly log?: boolean;
    readonly choices?: readonly (string | number)[];
  };
  /** Draw a rule at 0 (differences). */
  readonly zeroRule?: boolean;
  readonly width?: number;
  readonly height?: number;
}

/** Rows up to which a line also gets a dot per row (a short run's curve would otherwise hide its single points). */
const DOTS_UP_TO = 40;

/**
 * Series over an ordered quantity (Vega-Lite `area` for the band, `line` or
 * `point` layers for the series, one colour each, named in a legend below):
 * a learning curve with its interval band, or a parameter's values with the
 * best so far. The rows are the inline data, unchanged; each series and the
 * band is one layer (`band`, `series_0`, `series_1`, ...; `series_0_dots`
 * when a line's rows are few).
 */
export function seriesChart(c: SeriesChart): VlSpec {
  const x = { field: c.x.field, type: 'quantitative', title: c.x.title, scale: { zero: false } };
  const names = [...(c.band ? [c.band.title] : []), ...c.series.map((s) => s.title)];
  const colors = [...(c.band ? ['#c6d4e6'] : []), ...c.series.map((s) => s.color)];
  const colour = (name: string): Record<string, unknown> => ({
    datum: name,
    type: 'nominal',
    scale: { domain: names, range: colors },
    legend: { orient: 'bottom', direction: 'vertical', title: null, labelLimit: 0 },
  });
  const yScale: Record<string, unknown> = c.y.choices
    ? { domain: [...c.y.choices] }
    : // A log scale has no zero to leave out (Vega-Lite warns on the terminal when told to).
      { ...(c.y.log ? { type: 'log' } : { zero: false }), ...(c.y.domain ? { domain: [...c.y.domain], nice: false } : {}) };
  const y = (field: string): Record<string, unknown> => ({
    field,
    type: c.y.choices ? 'ordinal' : 'quantitative',
    title: c.y.title,
    scale: yScale,
    ...(c.y.percent ? { axis: { format: '~%' } } : {}),
  });
  const layers: Record<string, unknown>[] = [];
  if (c.band) {
    layers.push({
      name: 'band',
      mark: { type: 'area', opacity: 1 },
      encoding: { x, y: y(c.band.lo), y2: { field: c.band.hi }, color: colour(c.band.title) },
    });
  }
  if (c.zeroRule) layers.push({ name: 'zero', mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { y: { datum: 0, type: 'quantitative' } } });
  c.series.forEach((s, i) => {
    const enc = { x, y: y(s.field), color: colour(s.title) };
    const dash = s.dash ? { strokeDash: [5, 3] } : {};
    if (s.mark === 'dots') layers.push({ name: `series_${i}`, mark: { type: 'point', filled: true, size: s.size ?? 18, opacity: 0.8 }, encoding: enc });
    else {
      layers.push({
        name: `series_${i}`,
        mark: { type: 'line', strokeWidth: 1.5, ...dash, ...(s.mark === 'step' ? { interpolate: 'step-after' } : {}) },
        encoding: enc,
      });
      if (c.rows.length <= DOTS_UP_TO) layers.push({ name: `series_${i}_dots`, mark: { type: 'point', filled: true, size: 22 }, encoding: enc });
    }
  });
  return { ...base(c), width: c.width ?? CHART_WIDTH, height: c.height ?? HEIGHT, layer: layers };
}
