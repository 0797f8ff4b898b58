import { existsSync } from 'node:fs';
import { join } from 'node:path';
import '../games/index.js';
import type { TrainSetup } from '../results/train-state-file.js';
import { getGame } from '../core/registry.js';
import { nonDefault } from '../core/variant.js';
import { faultConfig, resolveRunFlags, type RunFlags } from './run-flags.js';
import { printProse } from '../report/terminal.js';
import { type MatchReport, readMatchFile } from '../results/match-file.js';
import { dealsForPower } from '../stats/paired.js';
import { type TrainFile, type Verification, writeTrainFile } from '../results/train-file.js';
import { signedFixed } from './match-render.js';
import { matchLineup } from './lineups.js';
import { DEFAULT_SPRT, runMatch } from './match.js';
import type { MatchSpec } from './run-spec.js';
import type { Stopper } from './stopper.js';

/**
 * The verification of a tuned bot: a paired `match --sprt` (or `--measure
 * score`) of the tuned bot (A) against the starting bot (B) on held-out seeds
 * (`<seed>-verify`; training seeds are `<seed>/train/<k>`), then, when the
 * SPRT stopped, a fixed-size paired match on `<seed>-confirm` of as many games,
 * or of more where that many deals could not detect the SPRT's H1 difference with
 * 80% power (from the verification's own per-deal spread, `dealsForPower`;
 * at most `--verify-games`),
 * whose difference is not biased by a stop (Whitehead 1986). Both are played
 * by `runMatch` and resume from their directories (`verify/`, `confirm/`);
 * `train.json` gets their results.
 * @param trainJson the run's `train.json` object, written again with `verification`.
 * @returns the exit code of the matches (0, or 130/143 when stopped).
 */
export async function verifyTuned(dir: string, setup: TrainSetup, flags: RunFlags, tunedSpec: string, trainJson: TrainFile): Promise<number> {
  const played = verifyFlags(setup, flags);
  const paired = await heldOutMatch(setup, { candidate: tunedSpec, baseline: setup.start, opponents: setup.opponents.join(',') }, played, faultConfig(played));
  const base: Omit<MatchSpec, 'games' | 'seed'> = {
    ...paired,
    // On win share the SPRT stops as soon as it knows; a score has the game's own unit and no default H1, so a
    // score-tuned bot is judged on --verify-games games by the interval of its paired score difference.
    measure: setup.objective === 'score' ? 'score' : 'win',
    sprt: setup.objective === 'score' ? null : DEFAULT_SPRT,
  };
  // The verification match: held-out seeds (training seeds are <seed>/train/<k>).
  const verifyDir = join(dir, 'verify');
  printProse(
    `\nVerification: ${setup.objective === 'score' ? `match --measure score (${setup.verifyGames} games)` : 'match --sprt'} of the tuned bot (A) against the starting bot (B) on held-out seeds:\n`,
  );
  const verified = await playOrResume(verifyDir, played, { ...base, games: setup.verifyGames, seed: `${setup.seed}-verify` });
  let code = verified.code;
  const m = verified.match;
  const verification: Verification = { dir: 'verify', verdict: m.verdict, deals: m.deals, comparison: m.comparison, stoppedEstimate: m.stoppedEstimate };
  writeTrainFile(dir, { ...trainJson, verification });
  printProse(`Tuned against starting bot: ${m.verdict}\n`);
  // The difference where the SPRT stopped is biased away from 0 (Whitehead 1986): a fixed-size paired match on
  // other held-out deals, as many games as the SPRT played, measures it without that bias. An SPRT that stopped
  // early leaves too few deals to confirm its H1 difference, so the confirmation plays enough for 80% power.
  if (code !== 0 || (m.sprt?.accepted !== 'H0' && m.sprt?.accepted !== 'H1')) return code;
  const confirmDir = join(dir, 'confirm');
  let c = readMatchFile(confirmDir);
  if (c === null) {
    const games = confirmationGames(m, setup.verifyGames);
    printProse(
      `\nConfirmation: a fixed-size match (${games} games, no SPRT) of the tuned bot (A) against the starting bot (B) on held-out seed ${setup.seed}-confirm:\n`,
    );
    const confirmed = await playOrResume(confirmDir, played, { ...base, sprt: null, games, seed: `${setup.seed}-confirm` });
    code = confirmed.code;
    c = confirmed.match;
  }
  const confirmation = { dir: 'confirm', verdict: c.verdict, deals: c.deals, comparison: c.comparison } as const;
  writeTrainFile(dir, { ...trainJson, verification: { ...verification, confirmation } });
  const w = c.comparison.winShare;
  printProse(
    `Confirmation (fixed size, ${c.deals} deals): A − B ${fmtPoints(w.value)} points (${fmtPoints(w.ci95[0])} to ${fmtPoints(w.ci95[1])}); A is ${c.verdict}\n`,
  );
  return code;
}

/**
 * The games of a verification's confirmation: as many as the SPRT played,
 * or the whole deals that detect its H1 difference (`mu1 - mu0`) with 80%
 * power at the verification's per-deal spread, whichever is more, at most
 * `cap` (rounded down to whole deals).
 * @param m the verification match (its deals, games, SPRT and win-share difference).
 */
export function confirmationGames(m: Pick<MatchReport, 'deals' | 'games' | 'sprt' | 'comparison'>, cap: number): number {
  if (m.deals < 1 || m.sprt === null) return m.games;
  const perDeal = m.games / m.deals;
  const need = dealsForPower(m.comparison.winShare.se ?? Number.NaN, m.deals, m.sprt.mu1 - m.sprt.mu0);
  const deals = Number.isNaN(need) ? m.deals : Math.max(m.deals, Math.min(need, Math.floor(cap / perDeal)));
  return deals * perDeal;
}

/** The fields of a training's held-out match besides its size, seed, measure and test (`MatchSpec`). */
export type HeldOutMatch = Omit<MatchSpec, 'games' | 'seed' | 'measure' | 'sprt'>;

/**
 * A training's held-out match of A against B with the other seats'
 * bots (a verification, a gate): the line-up validated for the training's
 * game and variant (`matchLineup`), dealt from the training's secret key
 * when it has one, no records.
 * @param run the training's game, variant (as given) and deal key.
 * @param texts the bots' spec texts; `opponents` comma-separated.
 * @throws UsageError or BotSpecError (one line) when a bot cannot play the table.
 */
export async function heldOutMatch(
  run: { readonly game: string; readonly variant: Readonly<Record<string, string | number | boolean>>; readonly dealKey?: string | undefined },
  texts: { readonly candidate: string; readonly baseline: string; readonly opponents: string },
  flags: RunFlags,
  faults: MatchSpec['faults'],
): Promise<HeldOutMatch> {
  const game = getGame(run.game);
  const { candidate, baseline, opponents, variant } = await matchLineup(game, texts, nonDefault(game.info.params, run.variant), flags.botLoadMs);
  return {
    kind: 'match',
    game: run.game,
    variant,
    // Held-out matches deal from the training's secret key when a bot file plays.
    ...(run.dealKey !== undefined ? { dealKey: run.dealKey } : {}),
    record: false,
    gamesCsv: false,
    faults,
    candidate,
    baseline,
    opponents: [...opponents],
  };
}

/**
 * Plays a match in `dir` (a verification, a gate), or carries on the one stopped there (its `checkpoint.json`).
 * @param stopper the command's Ctrl-C handling; absent: the match installs its own.
 */
export async function playOrResume(dir: string, flags: RunFlags, spec: MatchSpec, stopper?: Stopper): Promise<{ match: MatchReport; code: number }> {
  const run = existsSync(join(dir, 'checkpoint.json'))
    ? await runMatch({ flags, resume: dir, ...(stopper ? { stopper } : {}) })
    : await runMatch({ flags, spec, out: dir, ...(stopper ? { stopper } : {}) });
  return { match: run.report, code: run.code };
}

/**
 * The run flags of the verification matches: the training's workers, queue,
 * `--wide`, fault policy and move timeout; a user bot file's memory and load
 * limits are the defaults, as they always were for the verification.
 */
function verifyFlags(setup: TrainSetup, flags: RunFlags): RunFlags {
  return resolveRunFlags({
    workers: flags.workers,
    onFault: setup.flags.onFault,
    moveTimeoutMs: setup.flags.moveTimeoutMs,
    ...(flags.queue ? { queue: flags.queue } : {}),
    ...(flags.wide === true ? { wide: true } : {}),
  });
}

/** A win-share difference in signed points: 0.058 → "+5.8". */
function fmtPoints(x: number): string {
  return Number.isFinite(x) ? signedFixed(x, 1, 100) : 'n/a';
}
