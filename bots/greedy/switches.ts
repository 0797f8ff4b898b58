/**
 * Counterfactual switches of the greedy heuristics: parameters that switch
 * off or restrict one strategic element a game's rules offer (Nine Virtues'
 * bids, Nines Hold'em's raises ...), so that `greedy` and `greedy:bid=none`
 * are otherwise equal bots and a paired `match` on the same deals measures
 * what the element is worth to that heuristic. Every default is `all`: the
 * heuristic as written. A switched-off element is never chosen while a legal
 * action without it exists; when every legal action uses it, the heuristic
 * plays as if it were on (the bot always plays a legal action).
 *
 * Each switch is resolved once, when the bot is built, into a bit set, so
 * that a decision tests one bit and allocates nothing.
 */
import { BotSpecError, type BotParam } from '../../src/core/index.js';

/** The default of every switch: the element is used as the heuristic sees fit. */
export const ALL = 'all';
/** The element is never used while the rules leave another choice. */
export const NONE = 'none';

/**
 * An on/off switch (`enum`, `all` or `none`, default `all`).
 * @param key the parameter's name, the rules' word for the element (`swap`, `raise`).
 * @param doc what the element is and what `none` makes the heuristic do instead.
 */
export function onOffSwitch(key: string, doc: string): BotParam {
  return { key, kind: 'enum', choices: [ALL, NONE], default: ALL, doc };
}

/**
 * A switch that takes a set (`text`, default `all`): `all`, `none`, or the
 * members allowed joined by `+` (`bid=5+6+7`); for numbered members also
 * ranges (`bid=5-10`). Parsed by {@link parseSet} when the bot is built.
 */
export function setSwitch(key: string, doc: string): BotParam {
  return { key, kind: 'text', default: ALL, doc };
}

/** True when switch value `v` (an `onOffSwitch`) leaves the element on. */
export function isOn(v: number | string | undefined): boolean {
  return v === undefined || v === ALL;
}

/**
 * The ranks a rank-set switch allows, as a bit set (bit r set: rank r
 * allowed): `all` (every rank lo..hi), `none` (no rank), or ranks and
 * ranges joined by `+` (`2+5-7+10`).
 * @param key the parameter's name, for the message.
 * @param lo the lowest rank the element can take (Nine Virtues' bid: 2, the 1 can never be bid).
 * @param hi the highest rank.
 * @throws BotSpecError naming the parameter and the valid form.
 */
export function parseRankSet(key: string, value: number | string | undefined, lo: number, hi: number): number {
  const text = String(value ?? ALL).trim();
  let all = 0;
  for (let r = lo; r <= hi; r++) all |= 1 << r;
  if (text === ALL) return all;
  if (text === NONE) return 0;
  const bad = (why: string) =>
    new BotSpecError(
      `bot greedy: ${key}=${text}: ${why}; give all, none, or ranks ${lo}..${hi} and ranges joined by '+' (${key}=${lo}+${hi} or ${key}=${lo}-${hi})`,
    );
  let mask = 0;
  for (const part of text.split('+')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw bad(`'${part}' is not a rank or a range`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < lo || b > hi || a > b) throw bad(`'${part}' is not within ${lo}..${hi}`);
    for (let r = a; r <= b; r++) mask |= 1 << r;
  }
  return mask;
}

/**
 * The members of a named set a switch allows, as flags by index (1: allowed):
 * `all`, `none`, or names joined by `+`.
 * @param names every member's name, by index.
 * @throws BotSpecError naming an unknown member and the valid names.
 */
export function parseNameSet(key: string, value: number | string | undefined, names: readonly string[]): Uint8Array {
  const text = String(value ?? ALL).trim();
  const out = new Uint8Array(names.length);
  if (text === ALL) return out.fill(1);
  if (text === NONE) return out;
  for (const part of text.split('+')) {
    const i = names.indexOf(part.trim());
    if (i < 0) throw new BotSpecError(`bot greedy: ${key}=${text}: '${part}' is not one of all, none, ${names.join(', ')} (join several with '+')`);
    out[i] = 1;
  }
  return out;
}
