/**
 * The strength ladders of docs/ladders.md from `npm run rate` run
 * directories: for each run, the game, the command that played it, its
 * time, the Elo table with margins, and the likelihood-of-superiority
 * matrix, in Markdown on stdout. Read through the run files' owners
 * (`ratings.json`, `summary.json`), so the page shows the files' numbers only.
 *
 *   node scripts/run.mjs scripts/ladder-doc.ts DIR [DIR...]
 *
 * Exit 2 with one line when a directory holds no finished rating run.
 */
import { readRatingsFile } from '../src/results/ratings-file.js';
import { readSummaryFile } from '../src/results/summary-file.js';

function fail(message: string): never {
  process.stderr.write(`ladder-doc: ${message}\n`);
  process.exit(2);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) fail('usage: ladder-doc.ts DIR [DIR...]');

const signed = (x: number): string => `${x < 0 ? '−' : x > 0 ? '+' : ''}${Math.abs(Math.round(x))}`;
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const code = (s: string): string => `\`${s}\``;

const out: string[] = [];
for (const dir of dirs) {
  const r = readRatingsFile(dir);
  const s = readSummaryFile(dir);
  if (!r || !s) fail(`${dir}: no ratings.json and summary.json (not a finished npm run rate)`);
  if (!r.complete) fail(`${dir}: the rating run stopped early; resume it first (npm run rate -- --resume ${dir})`);
  const variant = Object.entries(s.nonDefault ?? {})
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  const t = s.timing;
  out.push(`### ${r.game}, ${r.players} players`);
  out.push('');
  out.push(
    `    npm run rate -- --game ${r.game} --pool "${r.pool.join(',')}" --games ${r.games} --seed ${r.seed}${variant ? ` --variant ${variant}` : ''} --workers ${t?.workers ?? '?'}`,
  );
  out.push('');
  out.push(
    `${r.games} games: ${r.deals} deals × ${r.lineups.length} line-up${r.lineups.length === 1 ? '' : 's'} × ${r.players} rotations, ${t ? `${Math.round(t.seconds)} s on ${t.workers} worker${t.workers === 1 ? '' : 's'}` : 'time not recorded'}.`,
  );
  out.push('');
  out.push('| rank | bot | Elo | 95% margin | win rate |');
  out.push('|---|---|---|---|---|');
  r.ratings.forEach((x, k) =>
    out.push(
      `| ${k + 1} | ${code(x.bot)} | ${x.unbounded ? `unbounded: ${x.unbounded}` : signed(x.elo)} | ${x.unbounded || !Number.isFinite(x.margin) ? '' : `± ${Math.round(x.margin)}`} | ${pct(x.winRate)} |`,
    ),
  );
  out.push('');
  out.push('Likelihood of superiority, row over column:');
  out.push('');
  out.push(`| | ${r.pool.map(code).join(' | ')} |`);
  out.push(`|---|${r.pool.map(() => '---').join('|')}|`);
  r.pool.forEach((b, i) => out.push(`| ${code(b)} | ${r.los[i]!.map((x, j) => (i === j || !Number.isFinite(x) ? '' : pct(x))).join(' | ')} |`));
  out.push('');
  out.push(
    r.notSeparated.length === 0
      ? 'Every adjacent pair of the ladder is separated (LOS ≥ 95%).'
      : `Not separated (LOS below 95%): ${r.notSeparated.map(([a, b]) => `${code(a)} and ${code(b)}`).join('; ')}.`,
  );
  out.push('');
}
process.stdout.write(`${out.join('\n')}`);
