/**
 * The size limit of the library's files: no TypeScript file under src/ or
 * bots/ over 600 lines. A file that grows past it is split along its jobs,
 * as Nine Lives' Powers was (`powers-*.ts`, `unseen-sampler.ts`). And the
 * run layer's (docs/adding-a-command.md): no double cast (`as unknown as`)
 * in src/cli, src/report and src/tourney, which read their values through
 * schemas, guards and typed functions; and the commands thin: no module of
 * src/cli over 250 lines, no function there over 80 (measured with the
 * TypeScript compiler's syntax tree, from a function's first line to its
 * last).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The most lines a file of src/ or bots/ may have. */
const MAX_LINES = 600;
/** The most lines a module of src/cli may have. */
const MAX_CLI_MODULE_LINES = 250;
/** The most lines a function of src/cli may have. */
const MAX_CLI_FUNCTION_LINES = 80;

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

/**
 * Every function of a TypeScript file with a body (declarations, methods,
 * arrow functions and function expressions), each with its lines: from its
 * first line (its name, or its parameters) to its last.
 */
function functionLengths(file: string): { name: string; line: number; lines: number }[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { name: string; line: number; lines: number }[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && 'body' in n && n.body !== undefined) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(n.end).line;
      const name = n.name?.getText(sf) ?? (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText(sf) : '(anonymous)');
      out.push({ name, line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('code limits', () => {
  it(`no file in src/ or bots/ is over ${MAX_LINES} lines`, () => {
    const files = ['src', 'bots'].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(join('bots', 'ismcts.ts'));
    const over = files.map((f) => ({ file: f, lines: lineCount(readFileSync(f, 'utf8')) })).filter((f) => f.lines > MAX_LINES);
    expect(over.map((f) => `${f.file}: ${f.lines} lines`)).toEqual([]);
  });

  it('no `as unknown as` in src/cli, src/report or src/tourney', () => {
    const files = ['src/cli', 'src/report', 'src/tourney'].flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    const casts = files.filter((f) => /\bas unknown as\b/.test(readFileSync(f, 'utf8')));
    expect(casts).toEqual([]);
  });

  it(`no module of src/cli over ${MAX_CLI_MODULE_LINES} lines`, () => {
    const files = sources('src/cli');
    expect(files.length).toBeGreaterThan(30);
    const over = files.map((f) => ({ file: f, lines: lineCount(readFileSync(f, 'utf8')) })).filter((f) => f.lines > MAX_CLI_MODULE_LINES);
    expect(over.map((f) => `${f.file}: ${f.lines} lines`)).toEqual([]);
  });

  it(`no function of src/cli over ${MAX_CLI_FUNCTION_LINES} lines`, () => {
    const over = sources('src/cli')
      .flatMap((f) => functionLengths(f).map((fn) => ({ ...fn, file: f })))
      .filter((fn) => fn.lines > MAX_CLI_FUNCTION_LINES);
    expect(over.map((fn) => `${fn.file}:${fn.line} ${fn.name}: ${fn.lines} lines`)).toEqual([]);
  });

  it('measures a function from its first line to its last', () => {
    const lengths = functionLengths('test/source/code-limits.test.ts');
    expect(lengths.find((f) => f.name === 'lineCount')?.lines).toBe(4);
    expect(lengths.find((f) => f.name === 'functionLengths')?.lines).toBeGreaterThan(10);
  });

  it('counts a last line without a newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});
