/**
 * An Expert Iteration gate (AlphaGo Zero's evaluator, with fishtest's rule
 * that only a sequential test's acceptance promotes): a paired `match
 * --sprt` of the search guided by the learner's net (A) against the search
 * guided by the champion's (B), both at the run's search settings, against
 * greedy opponents on held-out deals (`<seed>-gate-<generation>`), played in
 * `gates/gen-<generation>/` and resumed there after a stop.
 */
import { join } from 'node:path';
import { type ExitPlan, generationNetFile, searchSpec } from '../learn/exit.js';
import type { ExitGate, ExitSetup } from '../results/exit-state.js';
import { printProse } from '../report/terminal.js';
import { DEFAULT_SPRT } from './match.js';
import { faultConfig, type RunFlags } from './run-flags.js';
import type { MatchSpec } from './run-spec.js';
import type { Stopper } from './stopper.js';
import { heldOutMatch, playOrResume } from './train-verify.js';

/**
 * Plays (or carries on) the gate of generation `generation`'s learner against the champion.
 * @returns the gate, or null when the match was stopped (resume plays it on).
 */
export async function playGate(
  dir: string,
  setup: ExitSetup,
  plan: ExitPlan,
  flags: RunFlags,
  generation: number,
  champion: number,
  stopper: Stopper,
): Promise<ExitGate | null> {
  const players = Number(plan.variant.players);
  const paired = await heldOutMatch(
    setup,
    {
      candidate: searchSpec(plan, generationNetFile(dir, generation), false),
      baseline: searchSpec(plan, generationNetFile(dir, champion), false),
      opponents: Array.from({ length: players - 1 }, () => 'greedy').join(','),
    },
    flags,
    faultConfig({ ...flags, ...setup.flags }),
  );
  const spec: MatchSpec = {
    ...paired,
    measure: 'win',
    sprt: DEFAULT_SPRT,
    games: setup.gateGames,
    seed: `${setup.seed}-gate-${generation}`,
  };
  printProse(
    `\nGate of generation ${generation}: match --sprt of its net's search (A) against the champion's, generation ${champion} (B), on held-out seed ${spec.seed}:\n`,
  );
  const { match, code } = await playOrResume(join(dir, 'gates', `gen-${generation}`), flags, spec, stopper);
  if (code !== 0 || !match.complete) return null;
  const w = match.comparison.winShare;
  const accepted = match.sprt?.accepted ?? null;
  const noVariation = match.sprt?.noVariation === true;
  return {
    deals: match.deals,
    games: match.games,
    accepted,
    noVariation,
    llr: match.sprt && !noVariation ? match.sprt.llr : Number.NaN,
    value: w.value,
    ci95: [w.ci95[0], w.ci95[1]],
    promoted: accepted === 'H1',
  };
}
