import { seriesChart } from './charts.js';
import type { DmcPlan } from '../../learn/dmc.js';
import { type Cell, type Row, type RunFiles, sourcesOf } from './load.js';
import type { Page, PageChart, Section } from './page.js';
import { SERIES_COLOR, BEST_COLOR, POLICY_COLOR, thinned, verificationLinks } from './train-data.js';

/** True when a training run's state is a Deep Monte-Carlo run's (`src/cli/train-dmc.ts`). */
export function isDmcRun(f: RunFiles): boolean {
  return f.trainState?.kind === 'dmc';
}

/** A signed difference in points of win share (or a score difference). */
function diffText(x: number, percent: boolean): string {
  const v = percent ? 100 * x : x;
  const text = Math.abs(v).toFixed(percent ? 1 : 3);
  return Number(text) === 0 ? text : `${v > 0 ? '+' : '−'}${text}`;
}

/**
 * The page of a DMC run (`npm run train -- --method dmc`): the answer (how the
 * net did against greedy at its last evaluation, the verification's verdict),
 * the learning curve (the losses per iteration; the paired difference against
 * greedy at each evaluation with its interval) and the setup.
 */
export function dmcPage(f: RunFiles): Page {
  const run = f.trainState?.kind === 'dmc' ? f.trainState : null;
  const setup = run?.setup;
  const plan = run?.plan;
  const state = run?.state;
  const game = setup?.game ?? '?';
  // What the evaluations compared (`--objective`; states written before it: win share, as the page said then).
  const percent = setup?.objective !== 'score';
  const unit = percent ? 'points of win share' : 'points of score';
  const rows: Row[] = [...(f.csv.curve ?? [])];
  const done = state?.iteration ?? rows.length;
  const planned = plan?.iterations;
  const stopped = planned !== undefined && done < planned;
  const evals = rows.flatMap((r) => (typeof r.net_minus_greedy === 'number' ? [{ r, value: r.net_minus_greedy }] : []));
  const answer: string[] = [];
  if (stopped)
    answer.push(`Stopped after ${done} of ${planned} iterations: this page shows what is there so far; carry on with npm run train -- --resume ${f.dir}.`);
  const last = evals[evals.length - 1];
  if (last) {
    // An evaluation writes its interval with its difference; a bound that is not a number reads as NaN (not separated).
    const lo = numberOr(last.r.net_minus_greedy_ci95_lo, Number.NaN);
    const hi = numberOr(last.r.net_minus_greedy_ci95_hi, Number.NaN);
    const verdict = lo > 0 ? 'stronger than greedy' : hi < 0 ? 'weaker than greedy' : 'not separated from greedy';
    answer.push(
      `After ${String(last.r.games)} games of self-play the net is ${verdict} on the held-out deals: net − greedy ${diffText(last.value, percent)} ${unit} per seat-game [${diffText(lo, percent)}, ${diffText(hi, percent)}] over ${String(last.r.eval_deals)} deals (paired: the net and greedy in the same seat of the same deals).`,
    );
  }
  const ver = f.train?.verification;
  if (ver) {
    answer.push(`Verification (match --sprt of the net against greedy on held-out seed ${setup?.seed ?? '?'}-verify): the net is ${ver.verdict}.`);
    const conf = ver.confirmation;
    const w = conf?.comparison.winShare;
    if (conf && w && Number.isFinite(w.value))
      answer.push(
        `Confirmation (a fixed-size match, no SPRT, on held-out seed ${setup?.seed ?? '?'}-confirm; not biased by a stop): net − greedy ${diffText(w.value, true)} points [${diffText(w.ci95[0], true)}, ${diffText(w.ci95[1], true)}] over ${conf.deals} deals: the net is ${conf.verdict}.`,
      );
  }
  const sections: Section[] = [];
  const missing: string[] = [];
  if (rows.length > 0)
    sections.push(
      curveSection(
        rows,
        evals.map((e) => e.r),
        percent,
      ),
    );
  else missing.push('the learning curve (no iteration finished)');
  if (plan) sections.push(setupSection(plan));
  return {
    title: `${game}: training report, a network by Deep Monte-Carlo self-play`,
    meta: [
      `${game} · train by DMC`,
      `${done}${planned !== undefined ? ` of ${planned}` : ''} iterations × ${plan?.episodesPerIteration ?? '?'} games`,
      `seed ${setup?.seed ?? '?'}`,
      state ? `${state.seconds.toFixed(1)} s` : '',
      stopped ? 'STOPPED EARLY: incomplete' : '',
    ]
      .filter(Boolean)
      .join(' · '),
    answer,
    links: verificationLinks(f.dir),
    sections,
    sources: sourcesOf(f),
    missing,
  };
}

/**
 * The setup of a DMC run in words: the learner (its episodes, minibatches,
 * step size and expert) and the net (its trunk, the base policy it reads,
 * its action head, ε, self-play and the opponents, the warm start).
 */
function setupSection(plan: DmcPlan): Section {
  const arch = plan.arch;
  return {
    id: 'setup',
    title: 'Setup',
    intro: [
      `Deep Monte-Carlo (Zha et al., ICML 2021): the net's action head is a Q-function, regressed on the Monte-Carlo return (the seat's win share at the end of the game) of every decision of its seats in ε-greedy self-play; its value head learns every seat's outcome. ${plan.episodesPerIteration} episodes an iteration, then one pass of Adam steps over their samples in minibatches of ${plan.batch} (step size ${plan.lr}).${plan.expertBot ? ` An expert, ${plan.expertBot}, labels ${String(plan.expertShare)} of the learner's decisions with its policy (a search's root visit counts), learned by cross-entropy (Expert Iteration's apprentice, Anthony et al. 2017)${plan.qWeight === 0 ? '; the Q loss is off, so the action head learns that policy alone' : ''}.` : ''}`,
      `Net: trunk ${arch.trunk.join('-')} on the observation tensor${arch.base ? ` and ${arch.base}'s action (residual on that bot)` : ` of ${arch.inputSize} entries`}, a ${arch.head.kind} action head; ε ${plan.epsilon}; the net plays every seat in a share ${plan.selfPlay} of the episodes, else one seat against ${plan.opponents.join(', ')}${plan.warmStartBot ? `; warm start: its seats played ${plan.warmStartBot} for the first ${plan.warmStartEpisodes} games` : ''}.`,
    ],
    blocks: [],
  };
}

/** A cell that is a number, else `otherwise`. */
function numberOr(x: Cell | undefined, otherwise: number): number {
  return typeof x === 'number' ? x : otherwise;
}

function curveSection(rows: readonly Row[], evals: readonly Row[], percent: boolean): Section {
  const x = { field: 'games', title: 'games of self-play' };
  // Runs with an expert (--expert) also learn its policy: one more loss.
  const hasPolicy = rows.some((r) => typeof r.loss_policy === 'number');
  const charts: PageChart[] = [
    {
      id: 'dmc-loss',
      spec: seriesChart({
        title: 'Loss per iteration',
        description:
          "The mean squared error of the chosen actions' Q against their returns, and of the value head against every seat's outcome, over each iteration's minibatches; with an expert, the cross-entropy of its policy targets too.",
        rows,
        x,
        series: [
          { field: 'loss_q', title: 'Q loss (squared error, win share²)', mark: 'line', color: SERIES_COLOR },
          { field: 'loss_value', title: 'value loss', mark: 'line', color: BEST_COLOR, dash: true },
          ...(hasPolicy
            ? [{ field: 'loss_policy', title: "policy loss (cross-entropy of the expert's targets, nats)", mark: 'line' as const, color: POLICY_COLOR }]
            : []),
        ],
        y: { title: 'mean squared error' },
        width: 2 * 340,
        height: 200,
      }),
    },
  ];
  if (evals.length > 0)
    charts.push({
      id: 'dmc-eval',
      spec: seriesChart({
        title: 'The net against greedy',
        description: `The net's ${percent ? 'win share' : 'score'} per seat-game less greedy's in the same seat, paired on the same held-out deals at every evaluation, with its 95% interval over the deals; the dashed line is no difference.`,
        rows: evals,
        x,
        series: [{ field: 'net_minus_greedy', title: 'net − greedy', mark: 'line', color: SERIES_COLOR }],
        band: { lo: 'net_minus_greedy_ci95_lo', hi: 'net_minus_greedy_ci95_hi', title: '95% interval over the held-out deals' },
        y: { title: `net − greedy (${percent ? 'win share' : 'score'})`, percent },
        zeroRule: true,
        width: 2 * 340,
        height: 200,
      }),
    });
  const view = thinned(rows);
  const columns = [
    'iteration',
    'games',
    'samples',
    'loss_q',
    'loss_value',
    ...(hasPolicy ? ['loss_policy'] : []),
    'net_minus_greedy',
    'net_minus_greedy_ci95_lo',
    'net_minus_greedy_ci95_hi',
    'eval_deals',
  ];
  return {
    id: 'curve-section',
    title: 'Learning curve',
    blocks: [
      {
        id: 'curve',
        title: 'Losses and strength per iteration',
        charts,
        caption:
          'Each evaluation plays the net in every seat of the same held-out deals against greedy opponents, and greedy in its place (a paired comparison: the deal is the unit, Student t interval over the deals). The losses are in squared win share.',
        table: {
          id: 'curve-table',
          title: `Learning curve (curve.csv${view.note})`,
          caption: '',
          columns,
          rows: view.rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))),
          intervals: { net_minus_greedy: ['net_minus_greedy_ci95_lo', 'net_minus_greedy_ci95_hi'] },
          ...(percent ? { proportions: ['net_minus_greedy'] } : {}),
        },
      },
    ],
  };
}
