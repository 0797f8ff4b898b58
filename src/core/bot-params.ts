import { BotSpecError, type BotKind, type BotParams } from './bot.js';

/**
 * Validates raw parameters against a bot kind's declared parameters.
 * @returns every declared parameter with its value (given or default).
 * @throws BotSpecError naming the valid keys or range.
 */
export function resolveBotParams(kind: BotKind, raw: Readonly<Record<string, string>>): BotParams {
  const out: Record<string, number | string> = {};
  for (const key of Object.keys(raw)) {
    if (!kind.params.some((p) => p.key === key)) {
      const valid = kind.params.map((p) => p.key).join(', ') || '(none)';
      throw new BotSpecError(`unknown parameter '${key}' for bot ${kind.name}; valid parameters: ${valid}`);
    }
  }
  for (const p of kind.params) {
    const given = raw[p.key];
    if (given === undefined) {
      out[p.key] = p.default;
      continue;
    }
    if (p.kind === 'enum') {
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
