/**
 * Every link of the guide resolves: each relative link in README.md, in
 * docs/ and in the games' READMEs names a file or folder of the repository,
 * and a link to a heading (`file.md#anchor` or `#anchor`) names a heading
 * of that file (GitHub's anchors: lower case, punctuation dropped, spaces
 * as hyphens). Links to the web are not fetched (CI has no network). A test
 * file or folder named in inline code (`test/contract/conformance.test.ts`)
 * exists too, so the guide follows the tests when they move.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/** The Markdown files whose links are checked. */
function markdownFiles(): string[] {
  const out = [join(ROOT, 'README.md')];
  const docs = join(ROOT, 'docs');
  for (const f of readdirSync(docs)) if (f.endsWith('.md')) out.push(join(docs, f));
  const games = join(ROOT, 'src', 'games');
  for (const g of readdirSync(games)) {
    const readme = join(games, g, 'README.md');
    if (existsSync(readme)) out.push(readme);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, every character but letters, digits, spaces, hyphens and underscores dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (outside code fences), with GitHub's -1, -2 suffixes for repeats. */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = anchorOf(m[1]!.replace(/`/g, ''));
    let a = base;
    for (let k = 1; out.has(a); k++) a = `${base}-${k}`;
    out.add(a);
  }
  return out;
}

/** The link targets of a Markdown text (inline links and images), outside code fences and inline code. */
function links(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const bare = line.replace(/`[^`]*`/g, '');
    for (const m of bare.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push(m[1]!);
  }
  return out;
}

/** The paths under test/ written in inline code, but for a recipe's placeholders (`my-game`) and patterns (`*`, `<id>`). */
function testPaths(text: string): string[] {
  const out: string[] = [];
  for (const span of text.matchAll(/`([^`\n]+)`/g)) {
    for (const m of span[1]!.matchAll(/(?<![\w/.-])test\/[\w./*<>-]*/g)) {
      const path = m[0].replace(/[.,]+$/, '');
      if (!/my-game|[*<]/.test(path)) out.push(path);
    }
  }
  return out;
}

describe('the links of README.md and docs/', () => {
  it('GitHub anchors: "What a stronger bot changes in a balance figure" -> what-a-stronger-bot-changes-in-a-balance-figure', () => {
    expect(anchorOf('What a stronger bot changes in a balance figure')).toBe('what-a-stronger-bot-changes-in-a-balance-figure');
    expect(anchorOf('The page to look at: `report.html`'.replace(/`/g, ''))).toBe('the-page-to-look-at-reporthtml');
  });

  for (const file of markdownFiles()) {
    it(`${relative(ROOT, file)}: every relative link names a file of the repository, every #anchor a heading, every test/ path a test file`, () => {
      const text = readFileSync(file, 'utf8');
      const broken: string[] = [];
      for (const target of links(text)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? file : join(dirname(file), decodeURI(path));
        if (!existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md') && statSync(resolved).isFile()) {
          if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${target}: no heading #${anchor}`);
        }
      }
      for (const path of testPaths(text)) if (!existsSync(join(ROOT, path))) broken.push(`${path}: no such test file`);
      expect(broken).toEqual([]);
    });
  }
});
