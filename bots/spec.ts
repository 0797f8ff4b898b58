import { FORBIDDEN_KEYS } from '../src/core/variant.js';
import { BotSpecError } from '../src/core/index.js';

/** One entry of a line-up: `ismcts:iterations=2000,c=0.7` as name and raw parameters. */
export interface BotSpec {
  /** The spec as the user wrote it, normalised (`ismcts:c=0.7,iterations=2000`). */
  readonly text: string;
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Parses a line-up such as `ismcts:iterations=2000,c=0.7,greedy,random`.
 * A comma-separated token with `=` continues the parameters of the bot before
 * it; any other token starts a new bot.
 * @throws BotSpecError on an empty entry or a parameter with no bot before it.
 */
export function parseLineup(lineup: string): BotSpec[] {
  const out: { name: string; params: Record<string, string> }[] = [];
  for (const raw of lineup.split(',')) {
    const token = raw.trim();
    if (token === '') throw new BotSpecError(`empty bot name in line-up '${lineup}'`);
    const colon = token.indexOf(':');
    const head = colon >= 0 ? token.slice(0, colon) : token;
    const rest = colon >= 0 ? token.slice(colon + 1) : '';
    if (colon < 0 && token.includes('=')) {
      const last = out[out.length - 1];
      if (!last) throw new BotSpecError(`parameter '${token}' has no bot before it`);
      addParam(last.params, token);
      continue;
    }
    const entry = { name: head, params: {} as Record<string, string> };
    if (rest !== '') addParam(entry.params, rest);
    out.push(entry);
  }
  return out.map((e) => ({ ...e, text: specText(e.name, e.params) }));
}

function addParam(params: Record<string, string>, token: string): void {
  const eq = token.indexOf('=');
  if (eq <= 0) throw new BotSpecError(`bot parameter '${token}' is not key=value`);
  const key = token.slice(0, eq).trim();
  if (FORBIDDEN_KEYS.has(key)) throw new BotSpecError(`bot parameter '${key}' is not a parameter of any bot`);
  if (Object.hasOwn(params, key)) throw new BotSpecError(`bot parameter '${key}' is given twice`);
  params[key] = token.slice(eq + 1).trim();
}

/** The canonical text of a spec: name, then parameters sorted by key. */
export function specText(name: string, params: Readonly<Record<string, string | number>>): string {
  const keys = Object.keys(params).sort();
  return keys.length === 0 ? name : `${name}:${keys.map((k) => `${k}=${params[k]}`).join(',')}`;
}

export { botParamsFor, resolveBotParams } from '../src/core/bot-params.js';
