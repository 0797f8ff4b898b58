/**
 * Reading a result file through its schema: the owner modules of this
 * folder each give their file's name and schema (older versions read with
 * defaults), and read it with `readJsonFile`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

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
 * A JSON result file of a run directory, read through its schema.
 * @returns its value, or null when the directory has no such file.
 * @throws SyntaxError naming the file and the first field that does not fit (a torn or edited file).
 */
export function readJsonFile<S extends z.ZodTypeAny>(dir: string, name: string, schema: S): z.output<S> | null {
  const path = join(dir, name);
  if (!existsSync(path)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new SyntaxError(`${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return fitJson(name, raw, schema);
}

/**
 * A JSON result file's parsed value through its schema (the report has read it already).
 * @throws SyntaxError naming the file and the first field that does not fit.
 */
export function fitJson<S extends z.ZodTypeAny>(name: string, raw: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SyntaxError(`${name}: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** A JSON file's text as every run file is written: two-space indents and a last newline. */
export function jsonFileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
