/**
 * Writes `docs/balance-tables.md`: every game's balance tables and key
 * figures, as a run prints them (title, what the numbers mean, the columns,
 * and which column its test of equal rows compares), read from the
 * `balance.json` of a short greedy-against-random run of each game and
 * notable variant. `test/docs/balance-tables.test.ts` fails when a table or
 * key figure of a game is missing from the page.
 *
 * Usage: node scripts/run.mjs scripts/balance-tables-doc.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from './project-root.js';

const ROOT = PROJECT_ROOT;

/** A game (and variant) of the page, with the line-up of its short run. */
export interface BalanceCase {
  readonly game: string;
  readonly title: string;
  readonly variant: string;
  readonly bots: string;
}

/** Every game at its default variant, and the variants that add tables (Nine Lives' powers). */
export const CASES: readonly BalanceCase[] = [
  { game: 'nine-virtues', title: 'Nine Virtues', variant: '', bots: 'greedy,random,greedy,random' },
  { game: 'captains-orders', title: "Captain's Orders", variant: '', bots: 'greedy,random,greedy,random,random' },
  { game: 'multiples-of-nine', title: 'Multiples of Nine', variant: '', bots: 'greedy,random' },
  { game: 'nines-holdem', title: "Nines Hold'em", variant: '', bots: 'greedy,random,greedy,random' },
  { game: 'nine-lives', title: 'Nine Lives', variant: '', bots: 'greedy,random,greedy,random' },
  { game: 'nine-lives', title: 'Nine Lives with the powers', variant: 'powers=true', bots: 'greedy,random,greedy,random' },
  { game: 'nine-muses', title: 'Nine Muses', variant: '', bots: 'greedy,random,greedy' },
];

/** What a run's balance.json says of one table (the fields the page uses). */
export interface TableInfo {
  readonly id: string;
  readonly title: string;
  readonly caption: string;
  readonly columns: readonly string[];
  readonly test?: { readonly hypothesis: string; readonly column?: string };
}

/** One case's tables and key figures, from a 48-game run on one worker. */
export function balanceOf(c: BalanceCase): { tables: TableInfo[]; keyFigures: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'ninefold-tables-'));
  try {
    const args = [join(ROOT, 'dist', 'src', 'cli', 'tourney.js'), '--game', c.game, '--bots', c.bots, '--games', '48', '--workers', '1', '--out', dir];
    if (c.variant) args.push('--variant', c.variant);
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: ROOT });
    if (r.status !== 0) throw new Error(`${c.game} ${c.variant}: tourney exited with ${r.status}: ${r.stderr.split('\n')[0]}`);
    const b = JSON.parse(readFileSync(join(dir, 'balance.json'), 'utf8')) as { tables: TableInfo[]; keyFigures: Record<string, unknown> };
    return { tables: b.tables, keyFigures: Object.keys(b.keyFigures) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A caption without what belongs to one run: its test's statistics and the count of its deals. */
export function generalCaption(caption: string): string {
  return caption
    .replace(/Test of "[^"]*": [^.]*(\.\d+[^.]*)*\.\s*/g, '')
    .replace(/(95% intervals over|No intervals:) the run's [^.]*\.\s*/g, '')
    .replace(/Rounds with all seats in one team: \d+\.\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The columns a reader sees: the estimates without their interval and design-effect columns. */
function mainColumns(columns: readonly string[]): string[] {
  return columns.filter((c) => !/_(lo|hi|deff)$/.test(c));
}

/** The whole page (Markdown). */
export function balanceTablesPage(): string {
  const out = [
    "# Each game's balance tables",
    '',
    'Every tourney prints, after the seat table, the balance report: the win share by position left of the first player',
    "with the randomization test of equal positions ([tourney.md](tourney.md#statistics-the-deal-is-the-unit)), then the game's own",
    'tables below. Each estimate has a 95% interval over the deals (the delete-a-group jackknife over groups of whole deals; Wilson',
    "at the effective sample size for shares); the CSV of a table (`balance-<id>.csv`) and `balance.json` add each estimate's",
    '`_lo`, `_hi` and, for a share, its design effect `_deff`. A sweep compares them value by value. The key figures are the',
    "run's headline numbers: a sweep's and `report --compare`'s paired differences start with them.",
    '',
    'Written by `node scripts/run.mjs scripts/balance-tables-doc.ts` from short runs; `test/docs/balance-tables.test.ts` fails',
    'when a table or key figure is missing.',
    '',
    ...CASES.map(
      (c) =>
        `- [${c.title}](#${c.title
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-')})`,
    ),
    '',
  ];
  for (const c of CASES) {
    const { tables, keyFigures } = balanceOf(c);
    out.push(`## ${c.title}`, '', `\`npm run tourney -- --game ${c.game}${c.variant ? ` --variant ${c.variant}` : ''}\``, '');
    if (tables.length === 0) out.push('No tables of its own: the seat table, the win share by position and the key figures below.');
    else out.push('| table (`balance-<id>.csv`) | what it shows | columns |', '|---|---|---|');
    for (const t of tables) {
      const test = t.test ? ` Test: ${t.test.hypothesis}${t.test.column ? ` (column \`${t.test.column}\`)` : ''}.` : '';
      out.push(
        `| **${t.title}** (\`${t.id}\`) | ${generalCaption(t.caption).replace(/\|/g, '\\|')}${test} | ${mainColumns(t.columns)
          .map((x) => `\`${x}\``)
          .join(', ')} |`,
      );
    }
    out.push('', `Key figures: ${keyFigures.map((k) => `\`${k}\``).join(', ')}.`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = join(ROOT, 'docs', 'balance-tables.md');
  writeFileSync(path, balanceTablesPage());
  process.stdout.write(`wrote ${path}\n`);
}
