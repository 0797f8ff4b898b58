/**
 * report.html in a real browser: Debian's headless Chromium (driven by
 * puppeteer-core; nothing is downloaded) opens the page each command writes
 * (tourney, sweep, match, rate, train and a rules search), and the test checks that it loads with no
 * console error and no request beyond the file itself, that the answer comes
 * first, that every chart is drawn with the expected number of marks and its
 * axis titles, and saves a full-page screenshot whose size and content it
 * checks. Screenshots go to dist/screenshots/ (or $NINEFOLD_SCREENSHOTS).
 *
 * Chromium: /usr/bin/chromium (or $CHROMIUM). When it is missing the test is
 * skipped, except under CI, where it fails (.ci/run installs it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/report/html/load.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const HAVE = existsSync(CHROMIUM);
const SHOTS = resolve(process.env.NINEFOLD_SCREENSHOTS ?? join('dist', 'screenshots'));
const WIDTH = 1280;

function cli(command: string, args: string[]): void {
  const r = spawnSync(process.execPath, [join('dist', 'src', 'cli', `${command}.js`), ...args, '--workers', '1'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} failed (${r.status}): ${r.stderr}`);
  if (r.stderr.includes('report.html not written')) throw new Error(r.stderr);
}

const json = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const csv = (path: string) => parseCsv(readFileSync(path, 'utf8'));

/** What the page shows, read in the browser. */
interface Seen {
  errors: string[];
  requests: string[];
  answerTop: number;
  answer: string;
  charts: {
    id: string;
    width: number;
    height: number;
    marks: Record<string, number>;
    texts: string[];
    /** Each axis: its ARIA label (says X-axis or Y-axis and the scale) and its tick labels with their centres, in drawing order. */
    axes: { label: string; ticks: { text: string; x: number; y: number }[] }[];
    /** The `d` of each line mark's path (layer `line`). */
    lines: string[];
  }[];
  /** The page's whole text (answer, captions, tables). */
  text: string;
  blocksWithoutTable: string[];
  scrollHeight: number;
}

/** Opens a report in a fresh page, records console errors and requests, and reads every chart's marks. */
async function open(browser: Browser, file: string): Promise<{ page: Page; seen: Seen }> {
  const page = await browser.newPage();
  await page.setViewport({ width: WIDTH, height: 900, deviceScaleFactor: 1 });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('request', (r) => requests.push(r.url()));
  const url = pathToFileURL(file).href;
  const response = await page.goto(url, { waitUntil: 'load' });
  expect(response?.ok()).toBe(true);
  const seen = await page.evaluate(() => {
    const charts = [...document.querySelectorAll('figure.chart')].map((f) => {
      const svg = f.querySelector('svg')!;
      const box = svg.getBoundingClientRect();
      const marks: Record<string, number> = {};
      for (const g of f.querySelectorAll('g.role-mark')) {
        const name = [...g.classList].find((c) => c.endsWith('_marks'))!.replace(/_marks$/, '');
        marks[name] = (marks[name] ?? 0) + g.querySelectorAll(':scope > path, :scope > line, :scope > text').length;
      }
      const texts = [...f.querySelectorAll('g.role-axis-title text, g.role-title-text text, g.role-legend-title text')].map((t) => t.textContent ?? '');
      const axes = [...f.querySelectorAll('g.role-axis')].map((a) => ({
        label: a.getAttribute('aria-label') ?? '',
        ticks: [...a.querySelectorAll('g.role-axis-label text')].map((x) => {
          const r = x.getBoundingClientRect();
          return { text: x.textContent ?? '', x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }),
      }));
      const lines = [...f.querySelectorAll('g.line_marks > path')].map((x) => x.getAttribute('d') ?? '');
      return { id: f.getAttribute('data-chart') ?? '', width: box.width, height: box.height, marks, texts, axes, lines };
    });
    const answer = document.querySelector('section.answer');
    const blocksWithoutTable = [...document.querySelectorAll('.block')]
      .filter((b) => b.querySelector('figure.chart') && !b.querySelector('table'))
      .map((b) => b.id);
    return {
      answerTop: answer ? answer.getBoundingClientRect().top : -1,
      answer: answer?.textContent ?? '',
      charts,
      blocksWithoutTable,
      scrollHeight: document.documentElement.scrollHeight,
      text: document.body.innerText,
    };
  });
  return { page, seen: { ...seen, errors, requests: requests.filter((r) => r !== url) } };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Decodes a PNG in the browser (canvas) and counts its pixels: not white, chart blue (the bars' #4c78a8 at 85% on white), answer-box tint. */
async function pixels(browser: Browser, png: Buffer): Promise<{ total: number; ink: number; blue: number; tint: number }> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (b64: string) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      let blue = 0;
      let tint = 0;
      const near = (i: number, r: number, g: number, bl: number, tol: number): boolean =>
        Math.abs(d[i]! - r) <= tol && Math.abs(d[i + 1]! - g) <= tol && Math.abs(d[i + 2]! - bl) <= tol;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i]! < 245 || d[i + 1]! < 245 || d[i + 2]! < 245) ink++;
        if (near(i, 103, 140, 181, 14) || near(i, 76, 120, 168, 14)) blue++;
        if (near(i, 243, 246, 250, 1)) tint++;
      }
      return { total: d.length / 4, ink, blue, tint };
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}

/** Screenshot of the whole page, saved and checked: the viewport's width, the page's height, not blank, charts drawn. */
async function screenshot(browser: Browser, page: Page, seen: Seen, name: string, minBlue: number): Promise<void> {
  const png = Buffer.from(await page.screenshot({ fullPage: true, type: 'png' }));
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, `${name}.png`), png);
  const size = pngSize(png);
  expect(size.width).toBe(WIDTH);
  expect(size.height).toBe(seen.scrollHeight);
  const px = await pixels(browser, png);
  expect(px.total).toBe(size.width * size.height);
  expect(px.ink / px.total).toBeGreaterThan(0.02);
  expect(px.ink / px.total).toBeLessThan(0.6);
  expect(px.blue).toBeGreaterThan(minBlue);
  expect(px.tint).toBeGreaterThan(10_000);
}

/** Checks every page shares: loads clean and self-contained, answer first, every chart drawn with a table under it. */
function common(seen: Seen, minCharts: number): void {
  expect(seen.errors).toEqual([]);
  expect(seen.requests).toEqual([]);
  expect(seen.answerTop).toBeGreaterThan(0);
  expect(seen.answerTop).toBeLessThan(200);
  expect(seen.charts.length).toBeGreaterThanOrEqual(minCharts);
  for (const c of seen.charts) {
    expect(c.width, c.id).toBeGreaterThan(150);
    expect(c.height, c.id).toBeGreaterThan(40);
    expect(
      Object.values(c.marks).reduce((a, b) => a + b, 0),
      c.id,
    ).toBeGreaterThan(0);
    expect(c.texts.length, c.id).toBeGreaterThan(0);
  }
  expect(new Set(seen.charts.map((c) => c.id)).size).toBe(seen.charts.length);
  expect(seen.blocksWithoutTable).toEqual([]);
  // One way to print a bound that rounds to zero ("0.0", never "−0.0"), and a p-value below 0.0001 as "p < 0.0001".
  expect(seen.text).not.toMatch(/(^|[^\w.])[−-]0\.0+(?!\d)/m);
  expect(seen.text).not.toMatch(/p = </);
  // No p-value is drawn.
  for (const c of seen.charts) expect(c.texts.join(' '), c.id).not.toMatch(/: p\b|p-value/);
  // No axis whose tick labels repeat (differences below the estimates' precision drawn as a jump: five ticks all "0%").
  for (const c of seen.charts)
    for (const a of c.axes) {
      const labels = a.ticks.map((x) => x.text);
      expect(new Set(labels).size, `${c.id} ${a.label}: ${labels.join(', ')}`).toBe(labels.length);
    }
}

/** The x axis of a chart (Vega's ARIA label starts "X-axis"). */
const xAxis = (c: Seen['charts'][number]) => {
  const a = c.axes.find((x) => /^X-axis/.test(x.label));
  expect(a, `${c.id}: x axis`).toBeDefined();
  return a!;
};

/** The x coordinates of a line path's points, in the order the line visits them. */
const pathXs = (d: string): number[] => [...d.matchAll(/[ML]([-\d.]+),/g)].map((m) => Number(m[1]));

const chart = (seen: Seen, id: string) => {
  const c = seen.charts.find((x) => x.id === id);
  expect(c, `chart ${id}`).toBeDefined();
  return c!;
};

describe('Chromium is there', () => {
  it.runIf(!!process.env.CI)('under CI (.ci/run installs it)', () => {
    expect(HAVE, `${CHROMIUM} missing`).toBe(true);
  });
});

describe.skipIf(!HAVE)('report.html in headless Chromium', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-html-'));
  const dirs = {
    tourney: join(out, 'tourney'),
    sweep: join(out, 'sweep'),
    numericSweep: join(out, 'numeric-sweep'),
    match: join(out, 'match'),
    rate: join(out, 'rate'),
    train: join(out, 'train'),
    rules: join(out, 'rules'),
  };
  let browser: Browser;

  beforeAll(async () => {
    cli('tourney', ['--game', 'nine-virtues', '--bots', 'greedy,greedy,greedy,greedy', '--games', '400', '--out', dirs.tourney]);
    cli('tourney', ['--game', 'nine-virtues', '--games', '200', '--sweep', 'bidPenalty=face,zero', '--out', dirs.sweep]);
    cli('tourney', [
      '--game',
      'nine-virtues',
      '--bots',
      'greedy,greedy,greedy,greedy',
      '--games',
      '300',
      '--sweep',
      'rounds=4,3,5',
      '--out',
      dirs.numericSweep,
    ]);
    cli('match', ['--game', 'captains-orders', '--candidate', 'greedy', '--baseline', 'random', '--sprt', '--h0', '0.08', '--h1', '0.11', '--out', dirs.match]);
    cli('rate', [
      '--game',
      'captains-orders',
      '--pool',
      'random,greedy,mc:iterations=5,ismcts:iterations=5',
      '--variant',
      'players=4',
      '--games',
      '80',
      '--out',
      dirs.rate,
    ]);
    cli('train', ['--game', 'nine-virtues', '--bot', 'greedy', '--budget', '320', '--deals', '4', '--verify-games', '200', '--out', dirs.train]);
    cli('train', ['--game', 'nine-virtues', '--tune-rules', 'bidPenalty', '--budget', '300', '--deals', '50', '--verify-games', '200', '--out', dirs.rules]);
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless=new', '--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tourney: seat fairness first, one dot per position, one bar per bot, the bidding charts one bar per rank', async () => {
    const { page, seen } = await open(browser, join(dirs.tourney, 'report.html'));
    common(seen, 8);
    expect(seen.charts[0]!.id).toBe('position-win-rate');
    expect(seen.answer).toMatch(/Are seats fair\?.*p [=<] .*over 400 independent deals/s);
    // The round-level position effect (its test rejects) is in the Answer with its size and intervals, and its chart leads the balance section.
    expect(seen.answer).toMatch(
      /Rounds by position left of the dealer.*p < 0\.0001.*round win rate highest at position 1, \d+\.\d% \[\d+\.\d%, \d+\.\d%\], lowest at position 0, \d+\.\d% \[/s,
    );
    const balanceCharts = seen.charts.map((c) => c.id).filter((id) => id.includes('--'));
    expect(balanceCharts[0]).toMatch(/^dealer-position--/);
    const positions = (json(join(dirs.tourney, 'balance.json')) as { seatAdvantage: { byPosition: unknown[] } }).seatAdvantage.byPosition.length;
    const pos = chart(seen, 'position-win-rate');
    expect(pos.marks.dots).toBe(positions);
    expect(pos.marks.intervals_layer_2).toBe(positions);
    expect(pos.texts).toEqual(expect.arrayContaining(['Win rate by position', 'position left of the first player', 'win rate']));
    const bots = (json(join(dirs.tourney, 'summary.json')) as { bots: unknown[] }).bots.length;
    expect(chart(seen, 'bots-win-rate').marks.bars).toBe(bots);
    const ranks = csv(join(dirs.tourney, 'balance-bids-by-rank.csv')).length;
    for (const id of ['bids-by-rank--success_rate', 'bids-by-rank--points_per_bid', 'bids-by-rank--bids_per_game']) {
      expect(chart(seen, id).marks.bars, id).toBe(ranks);
      expect(chart(seen, id).texts).toContain('rank');
    }
    expect(chart(seen, 'score-sources--bid_share').marks.bars).toBe(csv(join(dirs.tourney, 'balance-score-sources.csv')).length);
    await screenshot(browser, page, seen, 'tourney', 5_000);
    // The print stylesheet lays the page out on A4 pages.
    await page.emulateMediaType('print');
    const pdf = Buffer.from(await page.pdf({ format: 'A4' }));
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.close();
  });

  it('sweep: the fairness figures first, each figure a curve with one dot per value and its paired difference', async () => {
    const { page, seen } = await open(browser, join(dirs.sweep, 'report.html'));
    const rows = csv(join(dirs.sweep, 'sweep.csv'));
    const figures = [...new Set(rows.map((r) => String(r.figure)))];
    const values = [...new Set(rows.map((r) => String(r.value)))];
    const diffs = [...new Set(csv(join(dirs.sweep, 'sweep-differences.csv')).map((r) => String(r.figure)))];
    // Every figure but the p-value is charted, or named as the same at every value within its precision.
    const charted = seen.charts.filter((c) => c.id.startsWith('sweep-') && !c.id.startsWith('sweep-diff-')).length;
    const flat = /Not charted, the same at every value within its precision: ([^\n]*)\./.exec(seen.text)?.[1]?.split('; ').length ?? 0;
    expect(charted + flat).toBe(figures.filter((x) => !x.endsWith(': p')).length);
    common(seen, 2);
    expect(seen.answer).toMatch(/Which setting is fairest\?/);
    expect(seen.charts[0]!.id).toBe('sweep-win-rate-first-player');
    expect(seen.charts.filter((c) => c.id.startsWith('sweep-diff-')).length).toBeLessThanOrEqual(diffs.length);
    for (const c of seen.charts.filter((x) => !x.id.startsWith('sweep-diff-'))) {
      expect(c.marks.dots, c.id).toBe(values.length);
      expect(c.texts, c.id).toContain('bidPenalty');
    }
    for (const c of seen.charts.filter((x) => x.id.startsWith('sweep-diff-'))) expect(c.marks.dots, c.id).toBe(values.length - 1);
    // Categorical values are points, never joined by a line; their axis reads the values as typed.
    for (const c of seen.charts) expect(c.marks.line ?? 0, c.id).toBe(0);
    for (const c of seen.charts.filter((x) => !x.id.startsWith('sweep-diff-'))) expect(xAxis(c).ticks.map((x) => x.text)).toEqual(['face', 'zero']);
    // Each value's own page is linked and exists.
    for (const v of values) expect(existsSync(join(dirs.sweep, `bidPenalty=${v}`, 'report.html'))).toBe(true);
    await screenshot(browser, page, seen, 'sweep', 500);
    await page.close();
  });

  it('numeric sweep typed rounds=4,3,5: a numeric axis 3, 4, 5 left to right, lines in that order, no % on a value, no chart of a figure equal at every value, the round-level finding in the Answer', async () => {
    const { page, seen } = await open(browser, join(dirs.numericSweep, 'report.html'));
    common(seen, 2);
    const rows = csv(join(dirs.numericSweep, 'sweep.csv'));
    expect(seen.answer).toMatch(/Which setting is fairest\? (rounds=\d: its first player|The settings are not separated)/);
    expect(seen.answer).not.toMatch(/Least evidence/);
    expect(seen.answer).toMatch(/rounds=4: Rounds by position left of the dealer.*p < 0\.0001.*highest at position 1/s);
    const curves = seen.charts.filter((c) => c.id.startsWith('sweep-') && !c.id.startsWith('sweep-diff-'));
    expect(curves.length).toBeGreaterThan(0);
    for (const c of curves) {
      const ticks = xAxis(c).ticks;
      expect(
        ticks.map((x) => x.text),
        c.id,
      ).toEqual(['3', '4', '5']);
      expect(ticks[0]!.x < ticks[1]!.x && ticks[1]!.x < ticks[2]!.x, c.id).toBe(true);
      // Equal steps on the axis: a numeric scale, not three categories that happen to be sorted.
      expect(Math.abs(ticks[1]!.x - ticks[0]!.x - (ticks[2]!.x - ticks[1]!.x)), c.id).toBeLessThan(1.5);
      expect(c.marks.dots, c.id).toBe(3);
      expect(c.lines.length, c.id).toBe(1);
      const xs = pathXs(c.lines[0]!);
      expect(xs.length, c.id).toBe(3);
      expect(
        [...xs].sort((a, b) => a - b),
        `${c.id}: the line visits x in order`,
      ).toEqual(xs);
    }
    // A figure equal at every value within its precision gets no chart (greedy x4 wins 25.0% in every setting; no game is capped), and no p-value is charted.
    const ids = seen.charts.map((c) => c.id);
    expect(ids).not.toContain('sweep-win-rate-greedy');
    expect(ids).not.toContain('sweep-capped-games');
    expect(ids).not.toContain('sweep-positions-equal-p');
    expect(seen.text).toMatch(/Not charted, the same at every value within its precision: .*win rate: greedy 25\.0%/);
    // The sweep's values print as values in every table and axis: no "300.0%".
    expect(seen.text).not.toMatch(/[345]00\.0%/);
    for (const c of seen.charts)
      expect(
        xAxis(c)
          .ticks.map((x) => x.text)
          .join(' '),
        c.id,
      ).not.toMatch(/%/);
    expect(rows.length).toBeGreaterThan(0);
    await screenshot(browser, page, seen, 'sweep-numeric', 500);
    await page.close();
  });

  it('match: the verdict first, A − B with its interval, the SPRT trace between its two bounds', async () => {
    const { page, seen } = await open(browser, join(dirs.match, 'report.html'));
    common(seen, 4);
    expect(seen.answer).toMatch(/^\s*Answer\s*Verdict: A \(greedy\) is/);
    expect(seen.answer).toMatch(/SPRT .* accepted after \d+ deals/);
    expect(seen.charts[0]!.id).toBe('difference-win-share');
    expect(chart(seen, 'difference-win-share').marks.dots).toBe(1);
    expect(chart(seen, 'difference-win-share').marks.intervals_layer_2).toBe(1);
    const trace = csv(join(dirs.match, 'sprt.csv')).length;
    const t = chart(seen, 'sprt-trace');
    expect(t.marks.dots).toBe(trace);
    expect(t.marks.line).toBe(1);
    expect(t.marks.bounds).toBe(2);
    expect(t.texts).toEqual(expect.arrayContaining(['deals played', 'log-likelihood ratio']));
    await screenshot(browser, page, seen, 'match', 500);
    await page.close();
  });

  it('rate: the ranking first, one dot per bot, the LOS heat map one cell per ordered pair', async () => {
    const { page, seen } = await open(browser, join(dirs.rate, 'report.html'));
    common(seen, 3);
    expect(seen.answer).toMatch(/Ranking \(Elo.*1\. /s);
    expect(seen.answer).toMatch(/separated/);
    const pool = (json(join(dirs.rate, 'ratings.json')) as { pool: string[] }).pool.length;
    expect(seen.charts[0]!.id).toBe('ratings-elo');
    expect(chart(seen, 'ratings-elo').marks.dots).toBe(pool);
    expect(chart(seen, 'ratings-elo').marks.intervals_layer_2).toBe(pool);
    expect(chart(seen, 'los-matrix').marks.cells).toBe(pool * (pool - 1));
    expect(chart(seen, 'los-matrix').marks.cell_labels).toBe(pool * (pool - 1));
    expect(chart(seen, 'bots-win-rate').marks.bars).toBe(pool);
    await screenshot(browser, page, seen, 'rate', 500);
    await page.close();
  });
  it('train: the tuned bot and its verification first, the fitness with its band and the paired difference per iteration, one trajectory per parameter', async () => {
    const { page, seen } = await open(browser, join(dirs.train, 'report.html'));
    common(seen, 6);
    expect(seen.answer).toMatch(/^\s*Answer\s*Tuned: greedy → greedy:/);
    expect(seen.answer).toMatch(/Verification \(match --sprt .*\): .*A − B in win share per seat-game: .* over \d+ deals/s);
    const iterations = csv(join(dirs.train, 'curve.csv')).length;
    const dims = (json(join(dirs.train, 'curve.json')) as { parameters: { key: string }[] }).parameters;
    expect(seen.charts[0]!.id).toBe('curve-fitness');
    for (const id of ['curve-fitness', 'curve-difference']) {
      const c = chart(seen, id);
      expect(c.marks.band, id).toBe(1);
      expect(c.marks.series_0, id).toBe(1);
      expect(c.marks.series_0_dots, id).toBe(iterations);
      expect(c.texts, id).toContain('games played in training');
    }
    expect(chart(seen, 'curve-fitness').texts).toContain('win share per seat-game');
    for (const d of dims) {
      const c = chart(seen, `trajectory-${d.key}`);
      expect(c.marks.series_0_dots, d.key).toBe(iterations);
      // θ after a step is the next θ played, so it is not drawn as a second line on top of the first: one dot, the tuned value.
      expect(c.marks.series_1, d.key).toBe(1);
      expect(c.marks.series_1_dots ?? 0, d.key).toBe(0);
      expect(c.marks.series_0, d.key).toBe(1);
      expect(c.texts, d.key).toContain(d.key);
    }
    // curve.csv names its columns for what they hold, and a win share's interval lies within [0, 1].
    const header = readFileSync(join(dirs.train, 'curve.csv'), 'utf8').split('\n')[0]!;
    for (const d of dims) expect(header).toContain(`theta_after_step_${d.key}`);
    expect(header).not.toMatch(/best_/);
    for (const r of csv(join(dirs.train, 'curve.csv'))) {
      expect(r.fitness_ci95_lo as number).toBeGreaterThanOrEqual(0);
      expect(r.fitness_ci95_hi as number).toBeLessThanOrEqual(1);
    }
    expect(seen.text).not.toMatch(/\b(1\d\d|[2-9]\d\d)\.\d%|\[−\d+\.\d%/);
    expect(chart(seen, 'verify-win-share').marks.dots).toBe(1);
    expect(chart(seen, 'verify-win-share').marks.intervals_layer_2).toBe(1);
    expect(existsSync(join(dirs.train, 'verify', 'report.html'))).toBe(true);
    await screenshot(browser, page, seen, 'train', 300);
    await page.close();
  });

  it('train --tune-rules: the confirmed settings first, one dot with its interval per setting, one bar per seat and setting', async () => {
    const { page, seen } = await open(browser, join(dirs.rules, 'report.html'));
    common(seen, 4);
    expect(seen.answer).toMatch(/Rules search toward seat-fair by NTBEA over bidPenalty/);
    expect(seen.answer).toMatch(/Settings measured again on held-out seed 1-confirm/);
    const iterations = csv(join(dirs.rules, 'curve.csv')).length;
    const settings = csv(join(dirs.rules, 'rules.csv')).length;
    const seats = (json(join(dirs.rules, 'rules.json')) as { lineup: string[] }).lineup.length;
    expect(chart(seen, 'curve-fitness').marks.series_1_dots).toBe(iterations);
    expect(chart(seen, 'trajectory-bidPenalty').marks.series_0).toBe(iterations);
    expect(chart(seen, 'rules-seat-gap').marks.dots).toBe(settings);
    expect(chart(seen, 'rules-seat-gap').marks.intervals_layer_2).toBe(settings);
    expect(chart(seen, 'rules-seat-gap').texts).toEqual(expect.arrayContaining(['bidPenalty', 'largest seat gap (win share)']));
    expect(chart(seen, 'rules-seat-win-rate').marks.bars).toBe(settings * seats);
    // The largest seat gap's interval lies within [0, 1].
    for (const r of csv(join(dirs.rules, 'rules.csv'))) {
      expect(r.seat_gap_ci95_lo as number).toBeGreaterThanOrEqual(0);
      expect(r.seat_gap_ci95_hi as number).toBeLessThanOrEqual(1);
    }
    expect(readFileSync(join(dirs.rules, 'curve.csv'), 'utf8').split('\n')[0]).toMatch(/recommended_bidPenalty,recommended_model_mean$/);
    await screenshot(browser, page, seen, 'train-rules', 300);
    await page.close();
  });
});
