/**
 * Nine Muses card data (`../shared/rules/nine-muses.md`, "What is public and
 * what is not"): the Muses, the Philosophers and the Aristotle rates are a JSON
 * file the engine validates on load and interprets. No card is special-cased
 * in code; the JSON Schema `cards/schema.json` describes the same format for
 * editors, and `validateCardData` below is the authority (it also checks what
 * a schema cannot: unique names, rates rising Craft < Science < Ethics).
 *
 * The format (`"format": "nine-muses-cards/1"`):
 * ```json
 * {"format":"nine-muses-cards/1","title":"...","reconstruction":true,
 *  "aristotle":{"craft":1,"science":2,"ethics":4},
 *  "muses":[{"name":"Urania","condition":{"type":"count","of":"science","op":">=","value":3},
 *            "ability":{"type":"aristotle","knowledge":"science","add":1}}],
 *  "philosophers":[{"name":"Heron","count":5,"options":[{"pay":{"craft":2},"gain":{"science":1}}]}]}
 * ```
 * Conditions (over one player, compared with the other players where said):
 * - `{"type":"count","of":Q,"op":OP,"value":N}`: the player's quantity Q compared with N;
 * - `{"type":"count","of":Q,"op":OP,"than":Q2}`: the player's Q compared with their own Q2;
 * - `{"type":"most","of":Q}`: strictly more Q than every opponent;
 * - `{"type":"fewest","of":Q}`: strictly fewer Q than every opponent;
 * - `{"type":"all","of":[...]}` / `{"type":"any","of":[...]}`: conjunction / disjunction.
 *
 * Q is `craft`, `science`, `ethics` (tokens held), `knowledge` (all tokens
 * held), `vp` or `muses` (Muses held); OP is one of `>= <= > < == !=`.
 * Abilities:
 * - `{"type":"start-of-turn","gain":{"craft":1,"vp":1}}`: at the start of the
 *   owner's turn ("A turn", 1), gain these (Knowledge through the Knowledge flow);
 * - `{"type":"aristotle","knowledge":K,"add":N}`: while she is held, the
 *   owner's Aristotle rate for K is N higher (lasting).
 * Philosopher options: `{"pay":{K:n...},"gain":{K:n...,"vp":n}}`, both optional
 * (an empty object pays or gains nothing); an option may not pay and gain the
 * same Knowledge type.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VariantError } from '../../core/index.js';
import { providedFile } from '../../core/provided-files.js';

/** The three Knowledge types, in Aristotle order (Craft lowest rate). */
export const KNOWLEDGE = ['craft', 'science', 'ethics'] as const;
/** A Knowledge type as the card data and the record name it. */
export type Knowledge = (typeof KNOWLEDGE)[number];
/** Index of a Knowledge type: 0 Craft, 1 Science, 2 Ethics. */
export const CRAFT = 0;
export const SCIENCE = 1;
export const ETHICS = 2;

/** The quantities a condition may compare, in their numeric order (Q_*). */
export const QUANTITIES = ['craft', 'science', 'ethics', 'knowledge', 'vp', 'muses'] as const;
export type Quantity = (typeof QUANTITIES)[number];
export const Q_KNOWLEDGE = 3;
export const Q_VP = 4;
export const Q_MUSES = 5;

/** Comparison operators of a `count` condition. */
export const OPS = ['>=', '<=', '>', '<', '==', '!='] as const;
export type CompareOp = (typeof OPS)[number];

/** The `format` tag of the current card-data format. */
export const CARD_FORMAT = 'nine-muses-cards/1';

/** Layout limits (the action-id layout in `actions.ts` is fixed to these). */
export const MAX_PHILOSOPHER_TYPES = 16;
export const MAX_OPTIONS = 4;
export const MIN_MUSES = 5;
export const MAX_MUSES = 16;
/** The most tokens of one type in any supply (4 players: 14 Craft). */
export const MAX_TOKENS = 14;
/** The most copies of all Philosophers together. */
export const MAX_DECK = 120;

/** A calling condition as written in the card file. */
export type Condition =
  | { readonly type: 'count'; readonly of: Quantity; readonly op: CompareOp; readonly value: number }
  | { readonly type: 'count'; readonly of: Quantity; readonly op: CompareOp; readonly than: Quantity }
  | { readonly type: 'most'; readonly of: Quantity }
  | { readonly type: 'fewest'; readonly of: Quantity }
  | { readonly type: 'all'; readonly of: readonly Condition[] }
  | { readonly type: 'any'; readonly of: readonly Condition[] };

/** Knowledge amounts by type (absent = 0). */
export type KnowledgeBundle = { readonly [K in Knowledge]?: number };
/** Knowledge amounts and victory points (absent = 0). */
export type GainBundle = KnowledgeBundle & { readonly vp?: number };

/** A Muse's ability as written in the card file. */
export type Ability =
  | { readonly type: 'start-of-turn'; readonly gain: GainBundle }
  | { readonly type: 'aristotle'; readonly knowledge: Knowledge; readonly add: number };

/** The card file, once validated. */
export interface CardFile {
  readonly format: string;
  readonly title: string;
  readonly reconstruction: boolean;
  readonly description?: string;
  readonly aristotle: { readonly craft: number; readonly science: number; readonly ethics: number };
  readonly muses: readonly { readonly name: string; readonly condition: Condition; readonly ability: Ability }[];
  readonly philosophers: readonly {
    readonly name: string;
    readonly count: number;
    readonly options: readonly { readonly pay?: KnowledgeBundle; readonly gain?: GainBundle }[];
  }[];
}

/** Condition kinds of the compiled form. */
export const enum CondKind {
  CountValue = 0,
  CountThan = 1,
  Most = 2,
  Fewest = 3,
  All = 4,
  Any = 5,
}

/** A condition compiled to numbers (quantities and operators as indices). */
export interface CompiledCondition {
  readonly kind: CondKind;
  /** Quantity index (QUANTITIES) for count/most/fewest. */
  readonly q: number;
  /** Operator index (OPS) for count. */
  readonly op: number;
  /** The compared number (CountValue) or quantity index (CountThan). */
  readonly value: number;
  readonly children: readonly CompiledCondition[];
}

/** One Muse, compiled. */
export interface MuseCard {
  readonly name: string;
  readonly condition: CompiledCondition;
  /** Start-of-turn gains [craft, science, ethics, vp], all 0 for a lasting ability. */
  readonly startGain: Int32Array;
  /** True when `startGain` has any non-zero entry. */
  readonly hasStartGain: boolean;
  /** The Knowledge index whose Aristotle rate she raises, -1 for none. */
  readonly rateKnowledge: number;
  readonly rateAdd: number;
}

/** One Philosopher option, compiled: pay [c, s, e], gain [c, s, e, vp]. */
export interface PhilosopherOption {
  readonly pay: Int32Array;
  readonly gain: Int32Array;
}

/** One Philosopher card type, compiled. */
export interface PhilosopherCard {
  readonly name: string;
  readonly count: number;
  readonly options: readonly PhilosopherOption[];
}

/** A validated, compiled card set, shared read-only by every state built from it. */
export interface CardSet {
  /** The resolved path it was loaded from (or a label for in-memory data). */
  readonly source: string;
  readonly file: CardFile;
  readonly title: string;
  readonly reconstruction: boolean;
  /** Base Aristotle VP per token [craft, science, ethics]. */
  readonly rates: Int32Array;
  readonly muses: readonly MuseCard[];
  readonly philosophers: readonly PhilosopherCard[];
  /** Total Philosopher cards. */
  readonly deckSize: number;
  /** Rounds of a game: the 5 dealt Muses, then one per round until the last ("Rounds and the end"). */
  readonly rounds: number;
}

/** A broken card file: the message is one line, `file: $.json.path: problem`. */
export class CardDataError extends VariantError {
  override name = 'CardDataError';
  constructor(
    readonly source: string,
    /** Every problem found, each `$.path: problem`. */
    readonly problems: readonly string[],
  ) {
    super(`nine-muses cards ${source}: ${problems[0] ?? 'invalid'}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`);
  }
}

type Json = unknown;

function isObject(x: Json): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function show(x: Json): string {
  const s = JSON.stringify(x);
  return s === undefined ? String(x) : s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/** Collects problems as `$.path: message` while walking the JSON. */
class Checker {
  readonly problems: string[] = [];
  add(path: string, msg: string): void {
    this.problems.push(`${path}: ${msg}`);
  }
  object(x: Json, path: string, required: readonly string[], optional: readonly string[]): x is Record<string, Json> {
    if (!isObject(x)) {
      this.add(path, `must be an object, got ${show(x)}`);
      return false;
    }
    for (const k of required) if (!(k in x)) this.add(path, `missing key "${k}"`);
    for (const k of Object.keys(x)) {
      if (!required.includes(k) && !optional.includes(k) && k !== 'note' && k !== '$comment') {
        this.add(`${path}.${k}`, `unknown key (expected ${[...required, ...optional].map((s) => `"${s}"`).join(', ')})`);
      }
    }
    return true;
  }
  int(x: Json, path: string, min: number, max: number): boolean {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
      this.add(path, `must be an integer ${min}..${max}, got ${show(x)}`);
      return false;
    }
    return true;
  }
  name(x: Json, path: string): boolean {
    if (typeof x !== 'string' || x.trim() === '' || x.length > 40) {
      this.add(path, `must be a non-empty name of at most 40 characters, got ${show(x)}`);
      return false;
    }
    return true;
  }
  oneOf<T extends string>(x: Json, path: string, choices: readonly T[]): x is T {
    if (typeof x !== 'string' || !(choices as readonly string[]).includes(x)) {
      this.add(path, `must be one of ${choices.map((c) => `"${c}"`).join(', ')}, got ${show(x)}`);
      return false;
    }
    return true;
  }
}

function checkNote(c: Checker, x: Record<string, Json>, path: string): void {
  if ('note' in x && typeof x.note !== 'string') c.add(`${path}.note`, `must be a string, got ${show(x.note)}`);
}

function checkBundle(c: Checker, x: Json, path: string, withVp: boolean): void {
  const keys = withVp ? [...KNOWLEDGE, 'vp'] : [...KNOWLEDGE];
  if (!c.object(x, path, [], keys)) return;
  for (const k of KNOWLEDGE) if (k in x) c.int(x[k], `${path}.${k}`, 0, MAX_TOKENS);
  if (withVp && 'vp' in x) c.int(x.vp, `${path}.vp`, 0, 99);
}

function checkCondition(c: Checker, x: Json, path: string, depth: number): void {
  if (!isObject(x)) {
    c.add(path, `must be an object, got ${show(x)}`);
    return;
  }
  if (!c.oneOf(x.type, `${path}.type`, ['count', 'most', 'fewest', 'all', 'any'] as const)) return;
  switch (x.type) {
    case 'count':
      if ('than' in x) {
        if (!c.object(x, path, ['type', 'of', 'op', 'than'], [])) return;
        c.oneOf(x.than, `${path}.than`, QUANTITIES);
      } else {
        if (!c.object(x, path, ['type', 'of', 'op', 'value'], [])) return;
        c.int(x.value, `${path}.value`, 0, 99);
      }
      c.oneOf(x.of, `${path}.of`, QUANTITIES);
      c.oneOf(x.op, `${path}.op`, OPS);
      break;
    case 'most':
    case 'fewest':
      if (!c.object(x, path, ['type', 'of'], [])) return;
      c.oneOf(x.of, `${path}.of`, QUANTITIES);
      break;
    default: {
      if (!c.object(x, path, ['type', 'of'], [])) return;
      if (depth >= 4) {
        c.add(path, 'conditions nest at most 4 deep');
        return;
      }
      const list = x.of;
      if (!Array.isArray(list) || list.length < 1 || list.length > 8) {
        c.add(`${path}.of`, `must be a list of 1..8 conditions, got ${show(list)}`);
        return;
      }
      list.forEach((y, i) => checkCondition(c, y, `${path}.of[${i}]`, depth + 1));
    }
  }
  checkNote(c, x, path);
}

function checkAbility(c: Checker, x: Json, path: string): void {
  if (!isObject(x)) {
    c.add(path, `must be an object, got ${show(x)}`);
    return;
  }
  if (!c.oneOf(x.type, `${path}.type`, ['start-of-turn', 'aristotle'] as const)) return;
  if (x.type === 'start-of-turn') {
    if (!c.object(x, path, ['type', 'gain'], [])) return;
    checkBundle(c, x.gain, `${path}.gain`, true);
    if (isObject(x.gain) && !Object.values(x.gain).some((v) => typeof v === 'number' && v > 0)) {
      c.add(`${path}.gain`, 'a start-of-turn ability must gain something');
    }
  } else {
    if (!c.object(x, path, ['type', 'knowledge', 'add'], [])) return;
    c.oneOf(x.knowledge, `${path}.knowledge`, KNOWLEDGE);
    c.int(x.add, `${path}.add`, 1, 20);
  }
  checkNote(c, x, path);
}

/**
 * Checks parsed JSON against the card-data format.
 * @param x the parsed file.
 * @returns every problem found as `$.json.path: problem` (empty when valid).
 */
export function validateCardData(x: Json): string[] {
  const c = new Checker();
  const top = ['format', 'title', 'reconstruction', 'aristotle', 'muses', 'philosophers'];
  if (!c.object(x, '$', top, ['$schema', 'description'])) return c.problems;
  if (x.format !== CARD_FORMAT) c.add('$.format', `must be "${CARD_FORMAT}", got ${show(x.format)}`);
  if (typeof x.title !== 'string' || x.title.trim() === '') c.add('$.title', `must be a non-empty string, got ${show(x.title)}`);
  if (typeof x.reconstruction !== 'boolean') c.add('$.reconstruction', `must be true or false, got ${show(x.reconstruction)}`);
  if ('description' in x && typeof x.description !== 'string') c.add('$.description', `must be a string, got ${show(x.description)}`);

  const a = x.aristotle;
  if (c.object(a, '$.aristotle', KNOWLEDGE, [])) {
    const ok = KNOWLEDGE.map((k) => (k in a ? c.int(a[k], `$.aristotle.${k}`, 0, 20) : false));
    if (ok.every(Boolean) && !((a.craft as number) < (a.science as number) && (a.science as number) < (a.ethics as number))) {
      c.add('$.aristotle', `rates must rise craft < science < ethics ("What is public"), got ${a.craft}/${a.science}/${a.ethics}`);
    }
  }

  const muses = x.muses;
  if (!Array.isArray(muses) || muses.length < MIN_MUSES || muses.length > MAX_MUSES) {
    c.add('$.muses', `must be a list of ${MIN_MUSES}..${MAX_MUSES} Muses (5 start in the row), got ${Array.isArray(muses) ? `${muses.length}` : show(muses)}`);
  } else {
    const seen = new Set<string>();
    muses.forEach((m, i) => {
      const p = `$.muses[${i}]`;
      if (!c.object(m, p, ['name', 'condition', 'ability'], [])) return;
      if (c.name(m.name, `${p}.name`)) {
        if (seen.has(m.name as string)) c.add(`${p}.name`, `duplicate Muse name ${show(m.name)}`);
        seen.add(m.name as string);
      }
      checkCondition(c, m.condition, `${p}.condition`, 0);
      checkAbility(c, m.ability, `${p}.ability`);
    });
  }

  const phils = x.philosophers;
  if (!Array.isArray(phils) || phils.length < 1 || phils.length > MAX_PHILOSOPHER_TYPES) {
    c.add('$.philosophers', `must be a list of 1..${MAX_PHILOSOPHER_TYPES} Philosopher types, got ${Array.isArray(phils) ? `${phils.length}` : show(phils)}`);
  } else {
    const seen = new Set<string>();
    let total = 0;
    phils.forEach((ph, i) => {
      const p = `$.philosophers[${i}]`;
      if (!c.object(ph, p, ['name', 'count', 'options'], [])) return;
      if (c.name(ph.name, `${p}.name`)) {
        if (seen.has(ph.name as string)) c.add(`${p}.name`, `duplicate Philosopher name ${show(ph.name)}`);
        seen.add(ph.name as string);
      }
      if (c.int(ph.count, `${p}.count`, 1, MAX_DECK)) total += ph.count as number;
      const opts = ph.options;
      if (!Array.isArray(opts) || opts.length < 1 || opts.length > MAX_OPTIONS) {
        c.add(`${p}.options`, `must be a list of 1..${MAX_OPTIONS} options, got ${Array.isArray(opts) ? `${opts.length}` : show(opts)}`);
        return;
      }
      opts.forEach((o, j) => {
        const q = `${p}.options[${j}]`;
        if (!c.object(o, q, ['gain'], ['pay'])) return;
        if ('pay' in o) checkBundle(c, o.pay, `${q}.pay`, false);
        if ('gain' in o) checkBundle(c, o.gain, `${q}.gain`, true);
        const pay = isObject(o.pay) ? o.pay : {};
        const gain = isObject(o.gain) ? o.gain : {};
        for (const k of KNOWLEDGE) {
          if (typeof pay[k] === 'number' && (pay[k] as number) > 0 && typeof gain[k] === 'number' && (gain[k] as number) > 0) {
            c.add(q, `pays and gains ${k}`);
          }
        }
        if (isObject(o.gain) && !Object.values(gain).some((v) => typeof v === 'number' && v > 0)) c.add(`${q}.gain`, 'an option must gain something');
      });
    });
    if (total > MAX_DECK) c.add('$.philosophers', `at most ${MAX_DECK} cards in all, got ${total}`);
  }
  return c.problems;
}

function compileCondition(x: Condition): CompiledCondition {
  switch (x.type) {
    case 'count':
      if ('than' in x) return { kind: CondKind.CountThan, q: QUANTITIES.indexOf(x.of), op: OPS.indexOf(x.op), value: QUANTITIES.indexOf(x.than), children: [] };
      return { kind: CondKind.CountValue, q: QUANTITIES.indexOf(x.of), op: OPS.indexOf(x.op), value: x.value, children: [] };
    case 'most':
      return { kind: CondKind.Most, q: QUANTITIES.indexOf(x.of), op: 0, value: 0, children: [] };
    case 'fewest':
      return { kind: CondKind.Fewest, q: QUANTITIES.indexOf(x.of), op: 0, value: 0, children: [] };
    case 'all':
    case 'any':
      return { kind: x.type === 'all' ? CondKind.All : CondKind.Any, q: 0, op: 0, value: 0, children: x.of.map(compileCondition) };
  }
}

function knowledgeArray(b: KnowledgeBundle | undefined, withVp: boolean, vp: number): Int32Array {
  const out = new Int32Array(withVp ? 4 : 3);
  KNOWLEDGE.forEach((k, i) => (out[i] = b?.[k] ?? 0));
  if (withVp) out[3] = vp;
  return out;
}

/**
 * Validates and compiles parsed card data.
 * @param x the parsed JSON.
 * @param source the file it came from (for messages and `CardSet.source`).
 * @throws CardDataError (a VariantError) listing every problem, the first in the message.
 */
export function compileCardSet(x: unknown, source: string): CardSet {
  const problems = validateCardData(x);
  if (problems.length > 0) throw new CardDataError(source, problems);
  const file = x as CardFile;
  const muses: MuseCard[] = file.muses.map((m) => {
    const ab = m.ability;
    const start = ab.type === 'start-of-turn' ? knowledgeArray(ab.gain, true, ab.gain.vp ?? 0) : new Int32Array(4);
    return {
      name: m.name,
      condition: compileCondition(m.condition),
      startGain: start,
      hasStartGain: start.some((v) => v > 0),
      rateKnowledge: ab.type === 'aristotle' ? KNOWLEDGE.indexOf(ab.knowledge) : -1,
      rateAdd: ab.type === 'aristotle' ? ab.add : 0,
    };
  });
  const philosophers: PhilosopherCard[] = file.philosophers.map((p) => ({
    name: p.name,
    count: p.count,
    options: p.options.map((o) => ({ pay: knowledgeArray(o.pay, false, 0), gain: knowledgeArray(o.gain, true, o.gain?.vp ?? 0) })),
  }));
  return {
    source,
    file,
    title: file.title,
    reconstruction: file.reconstruction,
    rates: Int32Array.from([file.aristotle.craft, file.aristotle.science, file.aristotle.ethics]),
    muses,
    philosophers,
    deckSize: philosophers.reduce((n, p) => n + p.count, 0),
    rounds: muses.length - MIN_MUSES + 1,
  };
}

/** The `cards` variant value that names the shipped reconstruction. */
export const DEFAULT_CARDS = 'src/games/nine-muses/cards/default.json';

/**
 * The absolute path of a `cards` variant value: the shipped file for
 * {@link DEFAULT_CARDS} (found next to this module, or under the project root
 * when running from `dist/`), else the path resolved against the working directory.
 */
export function resolveCardPath(value: string): string {
  if (value === DEFAULT_CARDS) {
    const beside = fileURLToPath(new URL('./cards/default.json', import.meta.url));
    if (existsSync(beside)) return beside;
    return fileURLToPath(new URL('../../../../src/games/nine-muses/cards/default.json', import.meta.url));
  }
  return isAbsolute(value) ? value : resolve(value);
}

const cache = new Map<string, CardSet>();

/**
 * Loads, validates and compiles a card file once per process (cached by its
 * resolved path; a failed load is not cached).
 * @param value the `cards` variant value: {@link DEFAULT_CARDS} or a path.
 * @throws CardDataError (a VariantError) when the file is missing, not JSON, or invalid.
 */
export function loadCardSet(value: string): CardSet {
  // Inside a bot's sandbox the harness provides the file's text (`core/provided-files.ts`): no file is read there.
  const given = providedFile(value);
  const path = given === undefined ? resolveCardPath(value) : `provided:${value}`;
  const hit = cache.get(path);
  if (hit) return hit;
  let text: string;
  try {
    text = given ?? readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new CardDataError(value, [code === 'ENOENT' ? 'file not found' : `cannot read the file (${code ?? String(e)})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CardDataError(value, [`not valid JSON: ${(e as Error).message.split('\n')[0]}`]);
  }
  const set = compileCardSet(json, value);
  cache.set(path, set);
  return set;
}

/** A one-line English text of a condition, for READMEs and reports. */
export function describeCondition(x: Condition): string {
  switch (x.type) {
    case 'count':
      return 'than' in x ? `${x.of} ${x.op} own ${x.than}` : `${x.of} ${x.op} ${x.value}`;
    case 'most':
      return `the most ${x.of}`;
    case 'fewest':
      return `fewer ${x.of} than every opponent`;
    case 'all':
      return x.of.map(describeCondition).join(' and ');
    case 'any':
      return `(${x.of.map(describeCondition).join(' or ')})`;
  }
}

/** A one-line English text of an ability. */
export function describeAbility(x: Ability): string {
  if (x.type === 'aristotle') return `Aristotle rate for ${x.knowledge} +${x.add} (lasting)`;
  const parts = Object.entries(x.gain)
    .filter(([, v]) => (v ?? 0) > 0)
    .map(([k, v]) => `${v} ${k === 'vp' ? 'VP' : k}`);
  return `start of turn: gain ${parts.join(' + ')}`;
}
