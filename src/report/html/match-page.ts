import { botsBlock, csvTable, seatBlocks } from './blocks.js';
import { intervalChart, traceChart } from './charts.js';
import { pct, plain, points, signed } from './page-format.js';
import { arr, interval, num, obj, str, type Row, type RunFiles } from './load.js';
import type { Block, Page } from './page.js';
import { runMeta } from './tourney-page.js';

/** An LLR as text: ±∞ when every deal gave the same difference (the file holds null). */
function llrText(x: unknown): string {
  const v = num(x);
  return v === undefined ? '±∞ (no variation between deals)' : signed(v);
}

/** The SPRT's trace: `sprt.csv`, or `match.json`'s `sprt.trace` with its bounds for runs without the CSV. */
function traceRows(f: RunFiles): Row[] {
  if (f.csv.sprt && f.csv.sprt.length > 0) return [...f.csv.sprt];
  const s = obj(obj(f.json.match)?.sprt);
  return arr(s?.trace).map((t) => ({
    deals: num(obj(t)?.deals) ?? null,
    llr: num(obj(t)?.llr) ?? null,
    lower: num(s?.lower) ?? null,
    upper: num(s?.upper) ?? null,
  }));
}

/**
 * The page of a `match` run: the verdict, A − B with its interval and the
 * SPRT's decision first; then the difference chart, the SPRT's log-likelihood
 * ratio against its bounds, and the bots' and seats' win rates.
 */
export function matchPage(f: RunFiles): Page {
  const m = obj(f.json.match) ?? {};
  const c = obj(m.comparison) ?? {};
  const ws = obj(c.winShare) ?? {};
  const sc = obj(c.score) ?? {};
  const s = obj(m.sprt);
  const deals = num(m.deals);
  const answer: string[] = [`Verdict${str(m.measure) === 'score' ? ' (on game score)' : ''}: A (${str(m.candidate)}) is ${str(m.verdict) || 'not decided'}.`];
  const wsCi = interval(ws.ci95);
  const wsValue = num(ws.value);
  if (wsValue !== undefined) {
    answer.push(
      `A − B in win share per seat-game: ${points(wsValue)} percentage points${wsCi ? ` [${points(wsCi[0])}, ${points(wsCi[1])}]` : ''} (95% interval over ${deals ?? '?'} independent deals, paired: same cards, seats and opponents)` +
        `${num(ws.los) !== undefined ? `; likelihood of superiority ${pct(num(ws.los)!)}` : ''}.`,
    );
  }
  const scValue = num(sc.value);
  const scCi = interval(sc.ci95);
  if (scValue !== undefined) answer.push(`A − B in score per seat-game: ${signed(scValue)}${scCi ? ` [${signed(scCi[0])}, ${signed(scCi[1])}]` : ''}.`);
  if (s) {
    const accepted = str(s.accepted);
    answer.push(
      `SPRT of H0: A − B = ${plain(num(s.mu0) ?? 0)} against H1: A − B = ${plain(num(s.mu1) ?? 0)} (${str(m.measure) === 'score' ? 'game score' : 'win share'} per seat-game; α = ${plain(num(s.alpha) ?? 0)}, β = ${plain(num(s.beta) ?? 0)}): ` +
        `log-likelihood ratio ${llrText(s.llr)} with bounds [${llrText(s.lower)}, ${llrText(s.upper)}] → ${accepted ? `${accepted} accepted after ${num(s.samples) ?? '?'} deals` : 'no decision yet'}.`,
    );
    if (str(m.stoppedEstimate)) answer.push(str(m.stoppedEstimate));
  } else answer.push('No SPRT in this run (it played its fixed number of games; run match with --sprt to stop when the test decides).');
  answer.push(`A: ${str(m.candidate)} · B: ${str(m.baseline)} · opponents: ${arr(m.opponents).map(str).join(', ')}.`);

  const blocks: Block[] = [];
  const rows = f.csv.match ?? [];
  const diffCharts = rows
    .filter((r) => typeof r.difference === 'number')
    .map((r) => {
      const measure = String(r.measure);
      const share = measure === 'win_share';
      const name = share ? 'win share per seat-game' : measure === 'score' ? 'score per seat-game' : measure === 'elo' ? 'Elo' : measure.replace(/_/g, ' ');
      return {
        id: `difference-${measure.replace(/_/g, '-')}`,
        spec: intervalChart({
          title: `A − B: ${name}`,
          description: `The paired difference of A and B in ${name} with its 95% interval over deals; the dashed line is no difference.`,
          rows: [r],
          category: { field: 'measure', title: 'measure' },
          measure: { field: 'difference', title: `A − B (${share ? 'win share' : name})`, lo: 'ci95_lo', hi: 'ci95_hi', ...(share ? { percent: true } : {}) },
          mark: 'point',
          horizontal: true,
          zeroRule: true,
        }),
      };
    });
  blocks.push({
    id: 'difference',
    title: 'Is A stronger than B?',
    charts: diffCharts,
    caption:
      `Paired (duplicate) comparison: every deal is played with A in each seat and again with B in A's place, same cards, opponents and seats; the sample is the per-deal difference, over ${deals ?? '?'} independent deals (Student t interval). ` +
      'LOS: likelihood of superiority.',
    table: csvTable('match-table', 'A and B (match.csv)', '', rows, { difference: ['ci95_lo', 'ci95_hi'] }),
  });
  const trace = traceRows(f);
  if (s && trace.length > 0) {
    const first = trace[0]!;
    blocks.push({
      id: 'sprt',
      title: 'SPRT: log-likelihood ratio after each batch of deals',
      charts: [
        {
          id: 'sprt-trace',
          spec: traceChart({
            title: 'Log-likelihood ratio against its bounds',
            description: 'The SPRT log-likelihood ratio after each merged batch, with the bounds at which it accepts H1 (upper) or H0 (lower).',
            rows: trace,
            x: { field: 'deals', title: 'deals played' },
            y: { field: 'llr', title: 'log-likelihood ratio' },
            bounds: {
              rows: [
                { bound: 'upper bound: accept H1 (A stronger)', llr: first.upper ?? null },
                { bound: 'lower bound: accept H0', llr: first.lower ?? null },
              ],
              label: 'bound',
              value: 'llr',
            },
          }),
        },
      ],
      caption:
        'Generalized SPRT, normal approximation; the deal is the sample. The test is checked after each merged batch, so the trace has one point per batch.',
      table: csvTable('sprt-table', 'SPRT trace (sprt.csv)', '', trace),
    });
  }
  blocks.push(botsBlock(f));
  return {
    title: `${str(m.game)}: match report, ${str(m.candidate)} against ${str(m.baseline)}`,
    meta: runMeta(f, 'match'),
    answer,
    sections: [
      { id: 'match-section', title: 'The comparison', blocks },
      { id: 'seats-section', title: 'Seats', blocks: seatBlocks(f) },
    ],
    sources: [...Object.keys(f.json).map((n) => `${n}.json`), ...Object.keys(f.csv).map((n) => `${n}.csv`)],
    missing: [...(f.csv.match ? [] : ['match.csv (the difference chart)']), ...(s && trace.length === 0 ? ['the SPRT trace'] : [])],
  };
}
