import type { BotParam } from '../../src/core/index.js';
import type { Profile } from './profile.js';
import { captainsOrdersProfile } from './captains-orders.js';
import { multiplesOfNineProfile } from './multiples-of-nine.js';
import { nineLivesProfile } from './nine-lives.js';
import { nineMusesProfile } from './nine-muses.js';
import { nineVirtuesProfile } from './nine-virtues.js';
import { ninesHoldemProfile } from './nines-holdem.js';

export type { Profile } from './profile.js';

const profiles: Readonly<Record<string, Profile>> = {
  'captains-orders': captainsOrdersProfile,
  'multiples-of-nine': multiplesOfNineProfile,
  'nine-lives': nineLivesProfile,
  'nine-muses': nineMusesProfile,
  'nine-virtues': nineVirtuesProfile,
  'nines-holdem': ninesHoldemProfile,
};

/** The profile values of bot kind `bot` in game `gameId` (empty when none). */
export function profileOf(bot: string, gameId: string): Readonly<Record<string, number | string>> {
  return profiles[gameId]?.bots[bot] ?? {};
}

/** The game's profile, for reports and the README (undefined when none). */
export function gameProfile(gameId: string): Profile | undefined {
  return profiles[gameId];
}

/**
 * A kind's parameters with the game's profile values as their defaults.
 * @throws Error when a profile names a parameter the kind does not have, or a value it refuses (a profile is code: a test checks every one).
 */
export function withProfile(bot: string, gameId: string, params: readonly BotParam[]): readonly BotParam[] {
  return applyProfile(bot, gameId, params, profileOf(bot, gameId));
}

/**
 * `params` with the values of `p` as their defaults (`withProfile` on a given profile).
 * @throws Error for a key `params` lacks or a value it refuses.
 */
export function applyProfile(bot: string, gameId: string, params: readonly BotParam[], p: Readonly<Record<string, number | string>>): readonly BotParam[] {
  const keys = Object.keys(p);
  if (keys.length === 0) return params;
  for (const k of keys) if (!params.some((x) => x.key === k)) throw new Error(`profile of ${bot} in ${gameId}: no parameter '${k}'`);
  return params.map((x): BotParam => {
    const v = p[x.key];
    if (v === undefined) return x;
    if (x.kind === 'text') {
      if (typeof v !== 'string' || v === '') throw new Error(`profile of ${bot} in ${gameId}: ${x.key}=${String(v)} is not text`);
      return { ...x, default: v };
    }
    if (x.kind === 'enum') {
      if (typeof v !== 'string' || !x.choices.includes(v))
        throw new Error(`profile of ${bot} in ${gameId}: ${x.key}=${String(v)} is not one of ${x.choices.join(', ')}`);
      return { ...x, default: v };
    }
    if (typeof v !== 'number' || v < x.min || v > x.max || (x.kind === 'int' && !Number.isInteger(v)))
      throw new Error(`profile of ${bot} in ${gameId}: ${x.key}=${String(v)} is out of ${x.min}..${x.max}`);
    return { ...x, default: v };
  });
}
