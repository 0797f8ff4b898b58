import { botsBlock, csvTable, seatBlocks } from './blocks.js';
import { intervalChart, traceChart } from './charts.js';
import { pct, plain, points, signed } from './page-format.js';
import type { MatchReport } from '../../results/match-file.js';
import { type Row, type RunFiles, sourcesOf } from './load.js';
import type { Block, Page } from './page.js';
import { runMeta } from './tourney-page.js';

/** A number the file holds, or undefined when it held none (JSON null, read as NaN). */
function finite(x: number): number | undefined {
  return Number.isFinite(x) ? x : undefined;
}

/** An LLR as text: ±∞ when every deal gave the same difference (the file holds null). */
function llrText(x: number): string {
  return Number.isFinite(x) ? signed(x) : '±∞ (no variation between deals)';
}

/** An interval of the file, or undefined when either end is not a number. */
function ci(x: readonly [number, number]): readonly [number, number] | undefined {
  return Number.isFinite(x[0]) && Number.isFinite(x[1]) ? x : undefined;
}

/** The SPRT's trace: `sprt.csv`, or `match.json`'s `sprt.trace` with its bounds for runs without the CSV. */
function traceRows(f: RunFiles): Row[] {
  if (f.csv.sprt && f.csv.sprt.length > 0) return [...f.csv.sprt];
  const s = f.match?.sprt;
  return (s?.trace ?? []).map((t) => ({ deals: t.deals, llr: t.llr, lower: finite(s!.lower) ?? null, upper: finite(s!.upper) ?? null }));
}

/** The answer's lines: the verdict, A − B in win share and in score, the SPRT's decision, the bots. */
function matchAnswer(m: MatchReport): string[] {
  const c = m.comparison;
  const ws = c.winShare;
  const answer: string[] = [`Verdict${m.measure === 'score' ? ' (on game score)' : ''}: A (${m.candidate}) is ${m.verdict || 'not decided'}.`];
  const wsCi = ci(ws.ci95);
  if (Number.isFinite(ws.value)) {
    const los = finite(ws.los);
    answer.push(
      `A − B in win share per seat-game: ${points(ws.value)} percentage points${wsCi ? ` [${points(wsCi[0])}, ${points(wsCi[1])}]` : ''} (95% interval over ${m.deals} independent deals, paired: same cards, seats and opponents)` +
        `${los !== undefined ? `; likelihood of superiority ${pct(los)}` : ''}.`,
    );
  }
  const scCi = ci(c.score.ci95);
  if (Number.isFinite(c.score.value))
    answer.push(`A − B in score per seat-game: ${signed(c.score.value)}${scCi ? ` [${signed(scCi[0])}, ${signed(scCi[1])}]` : ''}.`);
  const s = m.sprt;
  if (s) {
    answer.push(
      `SPRT of H0: A − B = ${plain(s.mu0)} against H1: A − B = ${plain(s.mu1)} (${m.measure === 'score' ? 'game score' : 'win share'} per seat-game; α = ${plain(s.alpha)}, β = ${plain(s.beta)}): ` +
        `log-likelihood ratio ${llrText(s.llr)} with bounds [${llrText(s.lower)}, ${llrText(s.upper)}] → ${s.accepted ? `${s.accepted} accepted after ${s.samples} deals` : 'no decision yet'}.`,
    );
    if (m.stoppedEstimate) answer.push(m.stoppedEstimate);
  } else answer.push('No SPRT in this run (it played its fixed number of games; run match with --sprt to stop when the test decides).');
  answer.push(`A: ${m.candidate} · B: ${m.baseline} · opponents: ${m.opponents.join(', ')}.`);
  return answer;
}

/**
 * The page of a `match` run: the verdict, A − B with its interval and the
 * SPRT's decision first; then the difference chart, the SPRT's log-likelihood
 * ratio against its bounds, and the bots' and seats' win rates.
 * @throws Error when the directory has no `match.json` (`runKind` says it has).
 */
export function matchPage(f: RunFiles): Page {
  const m = f.match;
  if (m === null) throw new Error(`${f.dir}: no match.json`);
  const s = m.sprt;
  const deals = m.deals;
  const answer = matchAnswer(m);

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
      `Paired (duplicate) comparison: every deal is played with A in each seat and again with B in A's place, same cards, opponents and seats; the sample is the per-deal difference, over ${deals} independent deals (Student t interval). ` +
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
    title: `${m.game}: match report, ${m.candidate} against ${m.baseline}`,
    meta: runMeta(f, 'match'),
    answer,
    sections: [
      { id: 'match-section', title: 'The comparison', blocks },
      { id: 'seats-section', title: 'Seats', blocks: seatBlocks(f) },
    ],
    sources: sourcesOf(f),
    missing: [...(f.csv.match ? [] : ['match.csv (the difference chart)']), ...(s && trace.length === 0 ? ['the SPRT trace'] : [])],
  };
}
