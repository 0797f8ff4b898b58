/**
 * Reading a result file through its schema: the owner modules of this
 * folder each give their file's name and schema (older versions read with
 * defaults), and read it with `readJsonFile`. A file that does not parse or
 * fit is bad input (`RunFileError`: one line, exit 2). The value read keeps
 * the file's key order, so a part of it written again (a sweep writes its
 * values' key figures into `sweep.json`) is written as it was read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';

/** A number as JSON holds it: NaN and ±∞ are written as null, and read back as NaN. */
export const jsonNumber = z
  .number()
  .nullable()
  .transform((x) => x ?? Number.NaN);

/** A 95% interval [lo, hi] as JSON holds it (each end NaN when it was not a number). */
export const jsonInterval = z.tuple([jsonNumber, jsonNumber]);

/** A variant as the files write it: every parameter with its value. */
export const variantSchema = z.record(z.union([z.string(), z.number(), z.boolean()]));

/**
 * A type as JSON data, for comparing a schema's type with the type it
 * stands for: readonly dropped, and the explicit `undefined` of an optional
 * field (zod's optional fields have it; the house's interfaces mostly not).
 */
type Plain<T> = T extends string | number | boolean | null | undefined ? T : { -readonly [K in keyof T]: Plain<Exclude<T[K], undefined>> };

/**
 * True when two types describe the same JSON data: the same keys, each
 * optional or required alike, each field of the same type, at every depth
 * (readonly aside). An owner declares its schema through `shapedAs<Summary>()`, so
 * that the schema and the type the analysis writes cannot drift apart: a
 * field added to one only is a compile error.
 * (Identity of types by the conditional-type trick: TypeScript issue 27024.)
 */
export type SameShape<A, B> = (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;

/**
 * `schema` as a schema of `T`, allowed only when its output is the same JSON
 * data as `T` (`SameShape`; otherwise the call does not compile): the
 * owner's reader then hands on the analysis's own type (`Summary`), not
 * zod's rendering of it (optional fields with an explicit undefined, mutable
 * arrays), so that its schema and that type cannot drift apart.
 */
export function shapedAs<T>(): <S extends z.ZodTypeAny>(
  schema: S & (SameShape<z.output<S>, T> extends true ? unknown : never),
) => z.ZodType<T, z.ZodTypeDef, z.input<S>> {
  return (schema) => schema;
}

/** A run file that does not parse, or does not fit its owner's schema: bad input (a torn or edited file, or another version's), one line and exit 2. */
export class RunFileError extends UsageError {
  override name = 'RunFileError';
}

/**
 * A JSON result file of a run directory, read through its schema.
 * @returns its value (in the file's key order), or null when the directory has no such file.
 * @throws RunFileError naming the file: not JSON, or the first field that does not fit (a torn or edited file, another version's).
 */
export function readJsonFile<S extends z.ZodTypeAny>(dir: string, name: string, schema: S): z.output<S> | null {
  const path = join(dir, name);
  if (!existsSync(path)) return null;
  return fitJson(path, parseJsonFile(path), schema);
}

/**
 * A JSON file's parsed value, not yet checked.
 * @throws RunFileError naming the file when it is not JSON.
 */
export function parseJsonFile(path: string): unknown {
  try {
    const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return raw;
  } catch (e) {
    throw new RunFileError(`${path} is not JSON (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
}

/**
 * A JSON result file's parsed value through its schema, in the file's key order.
 * @param shown the file as the message names it (its path, or its name).
 * @throws RunFileError naming the file and the first field that does not fit.
 */
export function fitJson<S extends z.ZodTypeAny>(shown: string, raw: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw new RunFileError(`${shown}: ${issue.path.join('.') || '(top)'}: ${issue.message} (damaged, edited, or written by another version)`);
  }
  return inFileOrder(raw, parsed.data);
}

/**
 * The issue to name of a value that does not fit: the first; for a value
 * that fits no member of a union (`train-state.json`: a DMC run's or a
 * tuning's), the first issue of the member it came closest to (fewest issues).
 */
function firstIssue(error: z.ZodError): z.ZodIssue {
  const issue = error.issues[0]!;
  if (issue.code !== z.ZodIssueCode.invalid_union) return issue;
  const closest = [...issue.unionErrors].sort((a, b) => a.issues.length - b.issues.length)[0];
  return closest ? firstIssue(closest) : issue;
}

/**
 * `value` (a schema's output for `raw`) with the keys of each object in
 * `raw`'s order, those `raw` lacks (defaults of older files) after them:
 * zod builds an object in its schema's order, a file holds the order its
 * writer built, and a value written back must be the same text.
 */
export function inFileOrder<T>(raw: unknown, value: T): T {
  return reordered(raw, value) as T;
}

function reordered(raw: unknown, value: unknown): unknown {
  if (Array.isArray(value)) return Array.isArray(raw) ? value.map((v, i) => reordered(raw[i], v)) : value;
  if (value === null || typeof value !== 'object' || raw === null || typeof raw !== 'object' || Array.isArray(raw)) return value;
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, r] of Object.entries(raw)) if (Object.hasOwn(from, k)) out[k] = reordered(r, from[k]);
  for (const k of Object.keys(from)) if (!Object.hasOwn(out, k)) out[k] = from[k];
  return out;
}

/** A JSON file's text as every run file is written: two-space indents and a last newline. */
export function jsonFileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
