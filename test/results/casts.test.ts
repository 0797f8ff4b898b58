/**
 * The run layer casts no value it has not checked into a type: no
 * `JSON.parse(...) as T` and no `as unknown as T` in src/cli,
 * src/report or src/tourney, which read their files through the owners of
 * `src/results` (schemas), guards and typed functions. Found on the
 * TypeScript compiler's syntax tree, so a cast split over lines counts too.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Every .ts file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/**
 * The casts of a file that claim a type for a value nobody checked: `x as
 * unknown as T`, and `JSON.parse(...) as T` (parentheses or not), each with
 * its line; found on the TypeScript compiler's syntax tree, so a cast split
 * over lines counts too. `as const` and `as unknown` alone are not claims.
 */
function uncheckedCasts(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const bare = (e: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(e) ? bare(e.expression) : e);
  const at = (n: ts.Node): string => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isAsExpression(n) && n.type.kind !== ts.SyntaxKind.UnknownKeyword) {
      const inner = bare(n.expression);
      if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) out.push(`${at(n)} as unknown as`);
      if (ts.isCallExpression(inner) && inner.expression.getText(sf) === 'JSON.parse') out.push(`${at(n)} JSON.parse(...) as`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('no unchecked casts in the run layer', () => {
  it('no `JSON.parse(...) as` and no `as unknown as` in src/cli, src/report or src/tourney', () => {
    const files = ['src/cli', 'src/report', 'src/tourney'].flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(uncheckedCasts)).toEqual([]);
  });

  it('finds both casts, split over lines or in parentheses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-casts-'));
    const file = join(dir, 'x.ts');
    writeFileSync(
      file,
      [
        "const a = JSON.parse('1') as number;",
        "const b = (JSON.parse('{}')) as { x: number };",
        'const c = a as unknown as string;',
        'const d = (b as\n  unknown) as string;',
        "const e = JSON.parse('1') as unknown;",
        "const f = ['x'] as const;",
      ].join('\n'),
    );
    expect(uncheckedCasts(file).map((c) => c.slice(file.length + 1))).toEqual([
      '1 JSON.parse(...) as',
      '2 JSON.parse(...) as',
      '3 as unknown as',
      '4 as unknown as',
    ]);
  });
});
