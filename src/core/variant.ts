import { UsageError } from './errors.js';
/** A value of one variant parameter. */
export type VariantValue = number | boolean | string;

/** A resolved variant: every parameter of the game with its value. */
export type Variant = Readonly<Record<string, VariantValue>>;

/**
 * A declared variant parameter (the rule file's "Variant parameters").
 * `default` may depend on the values resolved before it (e.g. `rounds` = P).
 */
export type VariantParam =
  | {
      readonly key: string;
      readonly kind: 'int';
      readonly min: number;
      readonly max: number;
      readonly default: number | ((v: Variant) => number);
      readonly doc: string;
    }
  | { readonly key: string; readonly kind: 'bool'; readonly default: boolean; readonly doc: string }
  | {
      readonly key: string;
      readonly kind: 'enum';
      readonly choices: readonly string[];
      readonly default: string;
      readonly doc: string;
    }
  | { readonly key: string; readonly kind: 'string'; readonly default: string; readonly doc: string };

/** Bad variant input (an unknown key, a value out of range): the CLI prints the message and exits 2. */
export class VariantError extends UsageError {
  override name = 'VariantError';
}

/** The valid range or choices of a parameter, for error messages and `--help`. */
export function describeParam(p: VariantParam): string {
  switch (p.kind) {
    case 'int':
      return `an integer ${p.min}..${p.max}`;
    case 'bool':
      return 'true or false';
    case 'enum':
      return `one of ${p.choices.join(', ')}`;
    case 'string':
      return 'a string';
  }
}

function parseValue(p: VariantParam, raw: VariantValue, gameId: string): VariantValue {
  const bad = (): never => {
    throw new VariantError(`variant ${p.key}=${String(raw)} is not valid for ${gameId}: expected ${describeParam(p)}`);
  };
  switch (p.kind) {
    case 'int': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isInteger(n) || n < p.min || n > p.max) bad();
      return n;
    }
    case 'bool':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      return bad();
    case 'enum':
      if (typeof raw === 'string' && p.choices.includes(raw)) return raw;
      return bad();
    case 'string':
      if (typeof raw === 'string' && raw.length > 0) return raw;
      return bad();
  }
}

/**
 * Resolves user-given values against a game's declared parameters.
 * @param params the game's declared parameters, in resolution order.
 * @param given values by key (strings from the command line or typed values).
 * @returns every parameter with a value, given or default.
 * @throws VariantError on an unknown key or a value outside its range.
 */
export function resolveVariant(gameId: string, params: readonly VariantParam[], given: Readonly<Record<string, VariantValue>>): Variant {
  for (const key of Object.keys(given)) {
    if (!params.some((p) => p.key === key)) {
      const keys = params.map((p) => p.key).join(', ');
      throw new VariantError(`unknown variant key '${key}' for ${gameId}; valid keys: ${keys}`, { word: key, choices: params.map((p) => p.key) });
    }
  }
  const out: Record<string, VariantValue> = {};
  for (const p of params) {
    const raw = given[p.key];
    if (raw !== undefined) out[p.key] = parseValue(p, raw, gameId);
    else out[p.key] = typeof p.default === 'function' ? p.default(out) : p.default;
  }
  return out;
}

/**
 * Parses `key=value,key=value` from the command line.
 * @throws VariantError on an entry without `=`.
 */
export function parseVariantSpec(spec: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (spec.trim() === '') return out;
  for (const part of spec.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new VariantError(`variant entry '${part}' is not key=value`);
    const key = part.slice(0, eq).trim();
    if (FORBIDDEN_KEYS.has(key)) throw new VariantError(`variant key '${key}' is not a parameter of any game`);
    if (Object.hasOwn(out, key)) throw new VariantError(`variant key '${key}' is given twice`);
    out[key] = part.slice(eq + 1).trim();
  }
  return out;
}

/** Keys that name parts of every JavaScript object, never a parameter: refused in variants and bot specs. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The parameters whose value differs from the default, for report captions. */
export function nonDefault(params: readonly VariantParam[], v: Variant): Record<string, VariantValue> {
  const out: Record<string, VariantValue> = {};
  const defaults: Record<string, VariantValue> = {};
  for (const p of params) {
    const d = typeof p.default === 'function' ? p.default(defaults) : p.default;
    defaults[p.key] = v[p.key] ?? d;
    if (v[p.key] !== d) out[p.key] = v[p.key]!;
  }
  return out;
}

/** Reads an integer parameter of a resolved variant. */
export function intParam(v: Variant, key: string): number {
  const x = v[key];
  if (typeof x !== 'number') throw new VariantError(`variant ${key} is missing`);
  return x;
}

/** Reads a boolean parameter of a resolved variant. */
export function boolParam(v: Variant, key: string): boolean {
  const x = v[key];
  if (typeof x !== 'boolean') throw new VariantError(`variant ${key} is missing`);
  return x;
}

/** Reads an enum or string parameter of a resolved variant. */
export function stringParam(v: Variant, key: string): string {
  const x = v[key];
  if (typeof x !== 'string') throw new VariantError(`variant ${key} is missing`);
  return x;
}

/**
 * Resolves and checks a variant for a game: declared ranges, then the game's
 * own cross-parameter checks.
 * @throws VariantError naming the problem and the valid values.
 */
export function resolveGameVariant(
  game: { readonly info: { readonly id: string; readonly params: readonly VariantParam[] }; checkVariant(v: Variant): void },
  given: Readonly<Record<string, VariantValue>>,
): Variant {
  const v = resolveVariant(game.info.id, game.info.params, given);
  game.checkVariant(v);
  return v;
}

/**
 * `make` kept per variant object: the first call for a variant computes its
 * value, later calls with the same object return it (a WeakMap: a variant
 * no longer referenced takes its value with it). For what a hot path needs
 * from a variant but would otherwise recompute, allocating, at every call.
 */
export function perVariant<T>(make: (v: Variant) => T): (v: Variant) => T {
  const memo = new WeakMap<Variant, T>();
  return (v) => {
    let value = memo.get(v);
    if (value === undefined) {
      value = make(v);
      memo.set(v, value);
    }
    return value;
  };
}
