/**
 * docs/commands.md is the reference of "every command and flag" the README
 * links to: every flag that a command's `--help` prints is on the page, under
 * that command (the page is written by scripts/commands-doc.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, helpOf } from '../../scripts/commands-doc.js';

const page = readFileSync('docs/commands.md', 'utf8');

/** The text of one command's section of the page. */
function section(name: string): string {
  const start = page.indexOf(`## npm run ${name}\n`);
  if (start < 0) return '';
  const next = page.indexOf('\n## ', start + 1);
  return page.slice(start, next < 0 ? undefined : next);
}

describe('docs/commands.md: every command and flag', () => {
  for (const c of COMMANDS) {
    it(`npm run ${c.name}: every flag of its --help is in its section`, () => {
      const flags = [...helpOf(c).matchAll(/^\s*(--[a-z][a-z0-9-]*)/gm)].map((m) => m[1]!);
      const mine = section(c.name);
      expect(mine, `no section "## npm run ${c.name}" (run: node scripts/run.mjs scripts/commands-doc.ts)`).not.toBe('');
      const missing = flags.filter((f) => !new RegExp(`${f}(?![a-z0-9-])`).test(mine));
      expect(missing, 'flags missing from docs/commands.md (run: node scripts/run.mjs scripts/commands-doc.ts)').toEqual([]);
    });
  }
});
