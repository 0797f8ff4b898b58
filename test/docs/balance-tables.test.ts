/**
 * docs/balance-tables.md lists "each game's balance tables" (the README links
 * it): every table and key figure a short run of each game and notable
 * variant reports is on the page, in that game's section (the page is written
 * by scripts/balance-tables-doc.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balanceOf, CASES } from '../../scripts/balance-tables-doc.js';

const page = readFileSync('docs/balance-tables.md', 'utf8');

/** One case's section of the page. */
function section(title: string): string {
  const start = page.indexOf(`## ${title}\n`);
  if (start < 0) return '';
  const next = page.indexOf('\n## ', start + 1);
  return page.slice(start, next < 0 ? undefined : next);
}

describe("docs/balance-tables.md: each game's balance tables", () => {
  for (const c of CASES) {
    it(`${c.title}: every balance table (by id) and key figure of a run is in its section`, () => {
      const mine = section(c.title);
      expect(mine, `no section "## ${c.title}" (run: node scripts/run.mjs scripts/balance-tables-doc.ts)`).not.toBe('');
      const { tables, keyFigures } = balanceOf(c);
      expect(keyFigures.length).toBeGreaterThan(0);
      const missing = [...tables.map((t) => `(\`${t.id}\`)`), ...keyFigures.map((k) => `\`${k}\``)].filter((x) => !mine.includes(x));
      expect(missing, 'missing from docs/balance-tables.md (run: node scripts/run.mjs scripts/balance-tables-doc.ts)').toEqual([]);
    });
  }
});
