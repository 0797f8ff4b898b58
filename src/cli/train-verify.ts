import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import '../games/index.js';
import { getGame } from '../core/registry.js';
import { nonDefault } from '../core/variant.js';
import { writeFileAtomic } from '../io/files.js';
import type { RunFlags } from './common.js';
import { printProse } from '../report/terminal.js';
import { main as matchMain, signedFixed } from './match.js';
import type { TrainSetup } from './train-run.js';

/**
 * The verification of a tuned bot: a paired `match --sprt` (or `--measure
 * score`) of the tuned bot (A) against the starting bot (B) on held-out seeds
 * (`<seed>-verify`; training seeds are `<seed>/train/<k>`), then, when the
 * SPRT stopped, a fixed-size paired match of as many games on `<seed>-confirm`,
 * whose difference is not biased by a stop (Whitehead 1986). Both resume from
 * their directories (`verify/`, `confirm/`); `train.json` gets their results.
 * @param trainJson the run's `train.json` object, written again with `verification`.
 * @returns the exit code of the matches (0, or 130/143 when stopped).
 */
export async function verifyTuned(dir: string, setup: TrainSetup, flags: RunFlags, tunedSpec: string, trainJson: Record<string, unknown>): Promise<number> {
  const game = getGame(setup.game);
  const variantText = Object.entries(nonDefault(game.info.params, setup.variant as never))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  // The verification match: held-out seeds (training seeds are <seed>/train/<k>).
  const verifyDir = join(dir, 'verify');
  const resumeVerify = existsSync(join(verifyDir, 'checkpoint.json'));
  printProse(
    `\nVerification: ${setup.objective === 'score' ? `match --measure score (${setup.verifyGames} games)` : 'match --sprt'} of the tuned bot (A) against the starting bot (B) on held-out seeds:\n`,
  );
  // A queued training run verifies on the same queue.
  const queueArgs = flags.queue ? ['--queue', flags.queue.target.arg] : [];
  const matchArgs = [
    '--game',
    setup.game,
    '--candidate',
    tunedSpec,
    '--baseline',
    setup.start,
    '--opponents',
    setup.opponents.join(','),
    // On win share the SPRT stops as soon as it knows; a score has the game's own unit and no default H1, so a
    // score-tuned bot is judged on --verify-games games by the interval of its paired score difference.
    ...(setup.objective === 'score' ? ['--measure', 'score'] : ['--sprt']),
    // The verification and the confirmation deal from the training's secret key when a bot file plays.
    ...(setup.dealKey !== undefined ? ['--deal-key', setup.dealKey] : []),
    '--workers',
    String(flags.workers),
    '--on-fault',
    setup.flags.onFault,
    ...(setup.flags.moveTimeoutMs > 0 ? ['--move-timeout', String(setup.flags.moveTimeoutMs)] : []),
    ...(variantText ? ['--variant', variantText] : []),
    ...queueArgs,
    ...(flags.wide === true ? ['--wide'] : []),
  ];
  let code = resumeVerify
    ? await matchMain(['--resume', verifyDir, '--workers', String(flags.workers), ...queueArgs, ...(flags.wide === true ? ['--wide'] : [])])
    : await matchMain([...matchArgs, '--games', String(setup.verifyGames), '--seed', `${setup.seed}-verify`, '--out', verifyDir]);
  if (existsSync(join(verifyDir, 'match.json'))) {
    const m = JSON.parse(readFileSync(join(verifyDir, 'match.json'), 'utf8')) as MatchResult;
    const verification: Record<string, unknown> = {
      dir: 'verify',
      verdict: m.verdict,
      deals: m.deals,
      comparison: m.comparison,
      stoppedEstimate: m.stoppedEstimate ?? '',
    };
    trainJson.verification = verification;
    writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
    printProse(`Tuned against starting bot: ${m.verdict}\n`);
    // The difference where the SPRT stopped is biased away from 0 (Whitehead 1986): a fixed-size paired match on
    // other held-out deals, as many games as the SPRT played, measures it without that bias.
    if (code === 0 && (m.sprt?.accepted === 'H0' || m.sprt?.accepted === 'H1')) {
      const confirmDir = join(dir, 'confirm');
      if (!existsSync(join(confirmDir, 'match.json'))) {
        printProse(
          `\nConfirmation: a fixed-size match (${m.games} games, no SPRT) of the tuned bot (A) against the starting bot (B) on held-out seed ${setup.seed}-confirm:\n`,
        );
        code = existsSync(join(confirmDir, 'checkpoint.json'))
          ? await matchMain(['--resume', confirmDir, '--workers', String(flags.workers), ...queueArgs, ...(flags.wide === true ? ['--wide'] : [])])
          : await matchMain([...matchArgs.filter((a) => a !== '--sprt'), '--games', String(m.games), '--seed', `${setup.seed}-confirm`, '--out', confirmDir]);
      }
      if (existsSync(join(confirmDir, 'match.json'))) {
        const c = JSON.parse(readFileSync(join(confirmDir, 'match.json'), 'utf8')) as MatchResult;
        verification.confirmation = { dir: 'confirm', verdict: c.verdict, deals: c.deals, comparison: c.comparison };
        writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
        const w = c.comparison.winShare;
        printProse(
          `Confirmation (fixed size, ${c.deals} deals): A − B ${fmtPoints(w.value)} points (${fmtPoints(w.ci95[0])} to ${fmtPoints(w.ci95[1])}); A is ${c.verdict}\n`,
        );
      }
    }
  }
  return code;
}

/** What train reads back from a match's `match.json`. */
interface MatchResult {
  readonly verdict: string;
  readonly deals: number;
  readonly games: number;
  readonly comparison: { readonly winShare: { readonly value: number; readonly ci95: readonly [number, number] } };
  readonly sprt: { readonly accepted: 'H0' | 'H1' | null } | null;
  readonly stoppedEstimate?: string;
}

/** A win-share difference in signed points: 0.058 → "+5.8". */
function fmtPoints(x: number): string {
  return Number.isFinite(x) ? signedFixed(x, 1, 100) : 'n/a';
}
