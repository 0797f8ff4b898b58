/** The bots a `train --method dmc` command names besides the learner (`--warm-start`, `--rollout-bot`, `--expert`), and the expert's part of the plan. */
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import type { Variant } from '../core/variant.js';
import { parseAndValidateLineup } from '../../bots/index.js';
import { decisionKinds } from '../learn/decision-kinds.js';
import type { DmcPlan } from '../learn/dmc.js';
import { parseNumber } from './options.js';
import type { RunFlags } from './run-flags.js';
import type { Args } from './train-options.js';

/**
 * The built-in bot a DMC option names (`--warm-start`, `--rollout-bot`, `--expert`), validated.
 * @throws UsageError when it is not one built-in bot (a bot file plays in a realm of its own, not in self-play).
 */
export async function oneBuiltIn(flag: string, text: string, game: AnyGame, flags: RunFlags): Promise<string> {
  const specs = await parseAndValidateLineup(text, game, flags.botLoadMs);
  if (specs.length !== 1 || specs[0]!.name.includes('/')) throw new UsageError(`${flag} takes one built-in bot, got '${text}'`);
  return specs[0]!.text;
}

/**
 * The expert's part of a plan (`--expert`, `--expert-share`, `--expert-target`, `--expert-kinds`, `--q-weight`).
 * @throws UsageError on an expert that is not one built-in bot, a share
 *   outside (0, 1], a Q weight of 0 without an expert (nothing would train the action head),
 *   or kinds without `--base` or that the game's decisions never have.
 */
export async function expertOf(
  args: Args,
  game: AnyGame,
  flags: RunFlags,
  arch: DmcPlan['arch'],
  variant: Variant,
): Promise<Pick<DmcPlan, 'expertBot' | 'expertShare' | 'expertTarget' | 'expertKinds' | 'qWeight'>> {
  const qWeight = parseNumber('--q-weight', args['q-weight'], 0, 1e9);
  if (args.expert === undefined) {
    for (const f of ['expert-share', 'expert-target', 'expert-kinds'] as const)
      if (args.given.has(f)) throw new UsageError(`--${f} needs --expert (the bot whose policy the net learns)`);
    if (qWeight === 0) throw new UsageError('--q-weight 0 needs --expert: without Q targets or an expert nothing trains the action head');
    return qWeight === 1 ? {} : { qWeight };
  }
  const expertBot = await oneBuiltIn('--expert', args.expert, game, flags);
  const expertShare = parseNumber('--expert-share', args['expert-share'], 0, 1);
  if (!(expertShare > 0)) throw new UsageError('--expert-share must be above 0 (the share of learner decisions the expert labels)');
  const target = args['expert-target'];
  if (target !== 'visits' && target !== 'action') throw new UsageError(`--expert-target must be visits or action, got '${target}'`);
  // Plans written before the options have none: visits, every decision.
  return { expertBot, expertShare, ...(target === 'action' ? { expertTarget: target } : {}), ...expertKindsOf(args, game, arch, variant), qWeight };
}

/**
 * `--expert-kinds`: the base action's record types at which the expert labels.
 * @throws UsageError without `--base`, on an empty list, or on a kind none of
 *   the game's decisions with a choice has in random play (the message lists those).
 */
function expertKindsOf(args: Args, game: AnyGame, arch: DmcPlan['arch'], variant: Variant): Pick<DmcPlan, 'expertKinds'> {
  const text = args['expert-kinds'];
  if (text === undefined) return {};
  if (!arch.base)
    throw new UsageError('--expert-kinds needs --base greedy: the kinds are those of the base action, which the net learns at the other decisions');
  const kinds = [...new Set(text.split(',').map((k) => k.trim()))];
  if (kinds.some((k) => k === '')) throw new UsageError(`--expert-kinds must be record types separated by commas (e.g. swap), got '${text}'`);
  const known = decisionKinds(game, variant);
  const unknown = kinds.filter((k) => !known.includes(k));
  if (unknown.length > 0)
    throw new UsageError(
      `--expert-kinds: ${game.info.id} has no decisions of type ${unknown.map((k) => `'${k}'`).join(', ')} (its decisions: ${known.join(', ')})`,
    );
  return { expertKinds: kinds };
}
