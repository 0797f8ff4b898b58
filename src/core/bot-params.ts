import { BotSpecError, type BotKind, type BotParam, type BotParams } from './bot.js';

/**
 * The parameters a bot kind declares for a game: `paramsFor(gameId)` when the
 * kind has it, else `params`.
 */
export function botParamsFor(kind: BotKind, gameId: string | undefined): readonly BotParam[] {
  return gameId !== undefined && kind.paramsFor ? kind.paramsFor(gameId) : kind.params;
}

/**
 * Validates raw parameters against a bot kind's declared parameters for a
 * game (`botParamsFor`).
 * @param gameId the game played (a kind with `paramsFor` needs it; without it, `params`).
 * @returns every declared parameter with its value (given or default).
 * @throws BotSpecError naming the valid keys or range.
 */
export function resolveBotParams(kind: BotKind, raw: Readonly<Record<string, string>>, gameId?: string): BotParams {
  const out: Record<string, number | string> = {};
  const params = botParamsFor(kind, gameId);
  for (const key of Object.keys(raw)) {
    if (!params.some((p) => p.key === key)) {
      const valid = params.map((p) => p.key).join(', ') || '(none)';
      throw new BotSpecError(`unknown parameter '${key}' for bot ${kind.name}${gameId && kind.paramsFor ? ` in ${gameId}` : ''}; valid parameters: ${valid}`, {
        word: key,
        choices: params.map((p) => p.key),
      });
    }
  }
  for (const p of params) {
    const given = raw[p.key];
    if (given === undefined) {
      out[p.key] = p.default;
      continue;
    }
    if (p.kind === 'text') {
      if (given.trim() === '' || /[\s,]/.test(given)) throw new BotSpecError(`bot ${kind.name}: ${p.key}=${given} must be text without spaces or commas`);
      out[p.key] = given;
    } else if (p.kind === 'enum') {
      if (!p.choices.includes(given)) throw new BotSpecError(`bot ${kind.name}: ${p.key}=${given} must be one of ${p.choices.join(', ')}`);
      out[p.key] = given;
    } else {
      const n = Number(given);
      const ok = given.trim() !== '' && Number.isFinite(n) && (p.kind === 'float' || Number.isInteger(n)) && n >= p.min && n <= p.max;
      if (!ok) throw new BotSpecError(`bot ${kind.name}: ${p.key}=${given} must be ${p.kind === 'int' ? 'an integer' : 'a number'} in ${p.min}..${p.max}`);
      out[p.key] = n;
    }
  }
  return out;
}

/**
 * Whether raw parameters resolve for a kind and game, without saying why
 * (a bot file's realm builds its bot only with good ones, and leaves the
 * message to the host's `resolveBotParams`).
 */
export function paramsResolve(kind: BotKind, raw: Readonly<Record<string, string>>, gameId: string): boolean {
  try {
    resolveBotParams(kind, raw, gameId);
    return true;
  } catch {
    return false;
  }
}
