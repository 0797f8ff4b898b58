/**
 * The import graph of src/, bots/ and scripts/ (STYLE.md, "The shape of the
 * house"): data flows one way, so no part imports a part that imports it back.
 * A "part" is a folder (`src/tourney`, `bots/search`), each game's folder its
 * own part (see `part`). Read from the sources with a regular expression over `import` and
 * `export ... from` lines: enough for this codebase, which has no dynamic
 * relative imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'bots', 'scripts'];
const IMPORT = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s/;

interface Edge {
  readonly from: string;
  readonly to: string;
  /** `import type` / `export type`: erased at run time, still a dependency of the design. */
  readonly typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

function edges(): Edge[] {
  const out: Edge[] = [];
  for (const file of ROOTS.flatMap((r) => sources(r))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const to = normalize(join(dirname(file), m[1]!)).replace(/\.js$/, '.ts');
      out.push({ from: file, to, typeOnly: TYPE_ONLY.test(m[0]) });
    }
  }
  return out;
}

/**
 * The part of a file: its folder, and for a game its own folder under
 * src/games. The top-level files of bots/ and scripts/ each stand alone: the
 * bot registry (bots/index.ts) sits there beside the leaves it and its
 * subfolders share (bots/spec.ts, bots/file.ts).
 */
function part(file: string): string {
  const p = file.split('/');
  if (p[0] === 'src' && p[1] === 'games' && p.length > 3) return p.slice(0, 3).join('/');
  if ((p[0] === 'bots' || p[0] === 'scripts') && p.length === 2) return file;
  return p.slice(0, Math.max(1, p.length - 1)).join('/');
}

/** Every cycle's members (strongly connected components of more than one node), Tarjan's algorithm. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function graphOf(es: readonly Edge[], key: (f: string) => string): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const e of es) {
    const a = key(e.from);
    const b = key(e.to);
    if (a === b) continue;
    if (!g.has(a)) g.set(a, new Set());
    g.get(a)!.add(b);
  }
  return g;
}

describe('the import graph', () => {
  const all = edges();

  it('reads the imports (sanity: the tourney writes its checkpoint with src/io, the bot registry reaches the search bots)', () => {
    expect(all.some((e) => e.from === 'src/tourney/run.ts' && e.to === 'src/io/files.ts')).toBe(true);
    expect(all.some((e) => e.from === 'bots/ismcts-kind.ts' && e.to === 'bots/search/rollout.ts' && !e.typeOnly)).toBe(true);
  });

  it('has no cycle between parts (folders; each game its own), type imports included', () => {
    expect(cycles(graphOf(all, part))).toEqual([]);
  });

  it('has no cycle between modules at run time (type-only imports are erased)', () => {
    expect(
      cycles(
        graphOf(
          all.filter((e) => !e.typeOnly),
          (f) => f,
        ),
      ),
    ).toEqual([]);
  });

  it('src/nn imports only src/core and src/io, and neither they nor the games import src/nn (learning sits on top of the games)', () => {
    const reached = all.filter((e) => e.from.startsWith('src/nn/') && !e.to.startsWith('src/nn/')).map((e) => e.to);
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.filter((t) => !t.startsWith('src/core/') && !t.startsWith('src/io/'))).toEqual([]);
    const below = ['src/core/', 'src/io/', 'src/games/', 'src/cards/'];
    expect(all.filter((e) => e.to.startsWith('src/nn/') && below.some((b) => e.from.startsWith(b))).map((e) => e.from)).toEqual([]);
  });

  it('bots/search imports the core API alone (the greedy heuristics are injected by bots/index.ts)', () => {
    const reached = all.filter((e) => e.from.startsWith('bots/search/') && !e.to.startsWith('bots/search/')).map((e) => e.to);
    expect(reached.filter((t) => !t.startsWith('src/core/'))).toEqual([]);
  });
});
