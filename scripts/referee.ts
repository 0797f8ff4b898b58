/**
 * `npm run referee -- <games.jsonl | run directory> ...`: checks every Nine
 * Lives record in the files against the rule files with the independent
 * referee (`scripts/referee/nine-lives.ts`, which shares no code with the
 * engine), prints one line per configuration (games, rounds, tricks, entries,
 * powers used, violations) and the first violations. Exits 1 when a record
 * breaks a rule, 2 on bad usage.
 */
import { refereeFile, emptyCheck } from './referee/check.js';

function main(argv: readonly string[]): number {
  const files = argv.filter((a) => !a.startsWith('-'));
  const usage =
    'usage: npm run referee -- <games.jsonl | run directory> ...\n' +
    '  checks every recorded Nine Lives game (a run made with --record) against an\n' +
    '  independent implementation of the rules; exits 0 when every game passes,\n' +
    '  1 when one breaks a rule, 2 on bad usage\n';
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage);
    return 0;
  }
  if (files.length === 0) {
    process.stderr.write(usage);
    return 2;
  }
  const t0 = Date.now();
  const check = emptyCheck();
  for (const f of files) {
    try {
      refereeFile(f, check);
    } catch (e) {
      process.stderr.write(`ninefold: cannot read ${f}: ${(e as Error).message.split('\n')[0]}\n`);
      return 2;
    }
  }
  for (const t of check.configs.values()) {
    const used = Object.values(t.powers).reduce((a, n) => a + n, 0);
    process.stdout.write(
      `${t.config}: ${t.games} games, ${t.rounds} rounds, ${t.tricks} tricks, ${t.entries} entries, ${used} powers used (${Object.keys(t.powers).length} kinds), ${t.violations} violations\n`,
    );
  }
  for (const v of check.violations.slice(0, 20)) {
    process.stdout.write(`VIOLATION game ${v.game} round ${v.round} entry ${v.entry} [${v.rule}]: ${v.message}\n`);
  }
  const s = ((Date.now() - t0) / 1000).toFixed(1);
  process.stdout.write(
    `${check.games} games checked in ${s} s: ${check.violations.length === 0 ? 'no violation' : `${check.violations.length} with a violation`}\n`,
  );
  return check.violations.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
