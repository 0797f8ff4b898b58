/**
 * The size limit of the library's files (issue 31, item 6; STYLE.md, "Small
 * files, one job each"): no TypeScript file under src/ over 600 lines. A file
 * that grows past it is split along its jobs, as Nine Lives' Powers was
 * (`powers-*.ts`, `unseen-sampler.ts`). And no double cast (`as unknown as`)
 * in the run layer (issue 31, item 4): src/cli, src/report and src/tourney
 * read their values through schemas, guards and typed functions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The most lines a file of src/ may have. */
const MAX_LINES = 600;

/** Every .ts file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Lines of `text`: its newlines, as `wc -l` counts them, and a last line without one. */
function lineCount(text: string): number {
  const newlines = text.split('\n').length - 1;
  return text.length > 0 && !text.endsWith('\n') ? newlines + 1 : newlines;
}

describe('code limits', () => {
  it(`no file in src/ is over ${MAX_LINES} lines`, () => {
    const files = sources('src');
    expect(files.length).toBeGreaterThan(100);
    const over = files.map((f) => ({ file: f, lines: lineCount(readFileSync(f, 'utf8')) })).filter((f) => f.lines > MAX_LINES);
    expect(over.map((f) => `${f.file}: ${f.lines} lines`)).toEqual([]);
  });

  it('no `as unknown as` in src/cli, src/report or src/tourney', () => {
    const files = ['src/cli', 'src/report', 'src/tourney'].flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    const casts = files.filter((f) => /\bas unknown as\b/.test(readFileSync(f, 'utf8')));
    expect(casts).toEqual([]);
  });

  it('counts a last line without a newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});
