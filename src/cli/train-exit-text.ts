/** What an Expert Iteration run prints at its end: every generation's losses and gate, and where the champion is. */
import type { ExitPlan } from '../learn/exit.js';
import { num } from '../report/terminal-format.js';
import { fitTable, printProse } from '../report/terminal.js';
import type { ExitState } from '../results/exit-state.js';
import { signedFixed } from './match-render.js';

/** A win-share difference in signed points: 0.058 → "+5.8"; n/a when not finite. */
function points(x: number | null): string {
  return x !== null && Number.isFinite(x) ? signedFixed(x, 1, 100) : 'n/a';
}

/**
 * Prints the table of generations (losses, search iterations per second of
 * self-play, the gate: learner − champion with its interval and the SPRT's
 * decision) and the champion's net file.
 */
export function printGates(state: ExitState, plan: ExitPlan, netFile: string): void {
  const rows = state.curve.map((r, i) => {
    const g = r.gate;
    const seconds = state.selfPlaySeconds[i];
    return [
      String(r.generation),
      String(r.episodes),
      num(r.lossPolicy, 4),
      num(r.lossValue, 4),
      seconds !== undefined && seconds > 0 ? String(Math.round(r.searchIterations / seconds)) : 'n/a',
      g ? `${points(g.value)} (${points(g.ci95[0])} to ${points(g.ci95[1])}), ${g.deals} deals` : '',
      g ? `${g.accepted ?? (g.noVariation ? 'no variation' : 'undecided')}${g.promoted ? ': promoted' : ''}` : '',
      String(r.champion),
    ];
  });
  const head = ['generation', 'games', 'loss (policy)', 'loss (value)', 'iterations/s', 'learner − champion', 'SPRT', 'champion'];
  process.stdout.write(`${fitTable(head, rows, { keys: 1 })}\n`);
  printProse(
    `learner − champion: the win share per seat-game of the search guided by the generation's net less the champion's in the same seat, paired on held-out deals against greedy opponents (95% interval over the deals; match --sprt, H1 at +2 points promotes). iterations/s: the search iterations of the generation's self-play over its seconds (they depend on the machine and are not in curve.csv). ${plan.search} plays both.\nnet: ${netFile}, the champion (generation ${state.champion}): play it with nn:file=${netFile}, or inside the search with ${plan.search},net=${netFile}\n`,
  );
}
