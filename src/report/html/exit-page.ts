/**
 * The page of an Expert Iteration run (`npm run train -- --method exit`):
 * the answer (the champion, the last gate's paired difference and SPRT
 * decision), the losses per generation, every gate with its interval, and
 * the setup. Reads `train-state.json` (through its owner's schema) and
 * `curve.csv`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { seriesChart } from './charts.js';
import { type Row, type RunFiles, sourcesOf } from './load.js';
import type { Block, Page, Section } from './page.js';
import { BEST_COLOR, POLICY_COLOR, SERIES_COLOR, thinned } from './train-data.js';

/** True when a training run is an Expert Iteration run (its `train-state.json` read through its owner's schema). */
export function isExitRun(f: RunFiles): boolean {
  return f.trainState?.kind === 'exit';
}

/** A signed difference in points of win share. */
function pts(x: number | null | undefined): string {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 'n/a';
  const text = Math.abs(100 * x).toFixed(1);
  return Number(text) === 0 ? text : `${x > 0 ? '+' : '−'}${text}`;
}

/** The losses per generation, and the gates. */
function curveSection(rows: readonly Row[]): Section {
  const x = { field: 'games', title: 'games of self-play' };
  const gates = rows.filter((r) => typeof r.learner_minus_champion === 'number');
  const blocks: Block[] = [
    {
      id: 'exit-losses',
      title: 'Losses per generation',
      charts: [
        {
          id: 'exit-loss',
          spec: seriesChart({
            title: 'Loss per generation',
            description:
              "The cross-entropy of the policy head against the search's root visit counts (nats) and the value head's mean squared error against every seat's outcome, over each generation's minibatches of the replay buffer.",
            rows,
            x,
            series: [
              { field: 'loss_policy', title: 'policy loss (cross-entropy, nats)', mark: 'line', color: POLICY_COLOR },
              { field: 'loss_value', title: 'value loss (squared error)', mark: 'line', color: BEST_COLOR, dash: true },
            ],
            y: { title: 'loss' },
            width: 2 * 340,
            height: 200,
          }),
        },
      ],
      caption: 'Each generation trains on the replay buffer: the samples of its own self-play and of the generations before it that the buffer keeps.',
    },
  ];
  const view = thinned(rows);
  const columns = [
    'generation',
    'games',
    'loss_policy',
    'loss_value',
    'gate_deals',
    'learner_minus_champion',
    'learner_minus_champion_ci95_lo',
    'learner_minus_champion_ci95_hi',
    'gate_sprt',
    'promoted',
    'champion',
  ];
  blocks.push({
    id: 'exit-gates',
    title: 'Gates: the learner against the champion',
    charts:
      gates.length > 0
        ? [
            {
              id: 'exit-gate',
              spec: seriesChart({
                title: 'Learner − champion at each gate',
                description:
                  "The win share per seat-game of the search guided by the generation's net less the champion's search in the same seat, paired on the gate's held-out deals against greedy opponents, with its 95% interval over the deals; the dashed line is no difference.",
                rows: gates,
                x,
                series: [{ field: 'learner_minus_champion', title: 'learner − champion', mark: 'line', color: SERIES_COLOR }],
                band: { lo: 'learner_minus_champion_ci95_lo', hi: 'learner_minus_champion_ci95_hi', title: '95% interval over the gate’s deals' },
                y: { title: 'learner − champion (win share)', percent: true },
                zeroRule: true,
                width: 2 * 340,
                height: 200,
              }),
            },
          ]
        : [],
    caption:
      'A gate is a paired match --sprt (H0: no gain, H1: +2 points of win share; α = β = 0.05) on held-out deals of its own; only H1 promotes the learner to champion. The interval of a gate the SPRT stopped is biased away from 0 (it stopped when the difference looked large).',
    table: {
      id: 'exit-curve-table',
      title: `Generations (curve.csv${view.note})`,
      caption: '',
      columns,
      rows: view.rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))),
      intervals: { learner_minus_champion: ['learner_minus_champion_ci95_lo', 'learner_minus_champion_ci95_hi'] },
      proportions: ['learner_minus_champion'],
    },
  });
  return { id: 'curve-section', title: 'Generations', blocks };
}

/** The page of an Expert Iteration run. @throws Error when the directory holds no Expert Iteration state (check `isExitRun` first). */
export function exitPage(f: RunFiles): Page {
  const saved = f.trainState;
  if (saved?.kind !== 'exit') throw new Error(`${f.dir}: train-state.json is not an Expert Iteration run's`);
  const { setup, plan, state } = saved;
  const rows: Row[] = [...(f.csv.curve ?? [])];
  const stopped = state.generation < plan.generations || state.gatePending;
  const answer: string[] = [];
  if (stopped)
    answer.push(
      `Stopped after ${state.generation} of ${plan.generations} generations: this page shows what is there so far; carry on with npm run train -- --resume ${f.dir}.`,
    );
  const gated = state.curve.filter((r) => r.gate !== null);
  answer.push(
    `The champion is generation ${state.champion}${state.champion === 0 ? ` (the first net, --init ${setup.init}): no learner has passed a gate yet` : ''}; ${gated.filter((r) => r.gate?.promoted).length} of ${gated.length} gates promoted the learner.`,
  );
  const last = gated[gated.length - 1]?.gate;
  if (last)
    answer.push(
      `Last gate (generation ${gated[gated.length - 1]!.generation}): learner − champion ${pts(last.value)} points of win share [${pts(last.ci95[0])}, ${pts(last.ci95[1])}] over ${last.deals} deals; the SPRT ${last.accepted !== null ? `accepted ${last.accepted}` : last.noVariation ? 'had nothing to test: both searches had the same result on every deal' : 'was undecided when its games ran out'}.`,
    );
  const sections: Section[] = [];
  const missing: string[] = [];
  if (rows.length > 0) sections.push(curveSection(rows));
  else missing.push('the generations (none finished)');
  sections.push({
    id: 'setup',
    title: 'Setup',
    intro: [
      `Expert Iteration (Anthony, Tian and Barber, NeurIPS 2017) in AlphaGo Zero's form: each generation, ${plan.search} guided by the champion's net plays ${plan.episodesPerGeneration} episodes against itself (each seat's first ${String(plan.exploreMoves)} decisions with Dirichlet noise on the root's priors and the move drawn by visits); the net learns the root's visit counts (policy head) and every seat's outcome (value head) from the last ${plan.replay} generations' samples; a gate (every ${setup.gateEvery} generations and at the last) promotes it when a paired SPRT says its search is stronger than the champion's.`,
    ],
    blocks: [],
  });
  const gateLinks = state.curve
    .filter((r) => r.gate !== null && existsSync(join(f.dir, 'gates', `gen-${r.generation}`, 'report.html')))
    .map((r) => ({ href: `gates/gen-${r.generation}/report.html`, text: `the gate of generation ${r.generation}` }));
  return {
    title: `${setup.game}: training report, a network by Expert Iteration`,
    meta: [
      `${setup.game} · train by Expert Iteration`,
      `${state.generation} of ${plan.generations} generations × ${plan.episodesPerGeneration} games`,
      `seed ${setup.seed}`,
      `${state.seconds.toFixed(1)} s`,
      stopped ? 'STOPPED EARLY: incomplete' : '',
    ]
      .filter(Boolean)
      .join(' · '),
    answer,
    links: gateLinks,
    sections,
    sources: sourcesOf(f),
    missing,
  };
}
