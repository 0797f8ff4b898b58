/**
 * Issue #30, item 6 ("Messages"): each message a new user meets says one
 * accurate line. The CLI runs compiled, in a child process, as users run it
 * (the suite's global setup builds `dist/`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';
import { cli } from './helpers.js';

describe('the per-decision limit of a bot file', () => {
  const seconds = DEFAULT_LIMITS.decisionMs / 1000;

  it(`--help, docs/tourney.md and docs/bots.md state the limit the sandbox enforces (${seconds} s a decision)`, () => {
    const help = cli('tourney', ['--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`(default: ${DEFAULT_LIMITS.decisionMs} ms for a user bot file, its sandbox's deadline;`);
    const tourneyDoc = readFileSync('docs/tourney.md', 'utf8');
    expect(tourneyDoc).toContain(`| \`--move-timeout MS\` | ${seconds} s a decision for a user bot file (its sandbox's deadline)`);
    expect(tourneyDoc).toContain(`(${seconds} s a decision without \`--move-timeout\`)`);
    expect(readFileSync('docs/bots.md', 'utf8').replace(/\s+/g, ' ')).toContain(`(\`--move-timeout\`, else ${seconds} s a decision;`);
    for (const text of [help, tourneyDoc, readFileSync('README.md', 'utf8')]) expect(text).not.toMatch(/10 s for a user bot file|10000 ms for a user bot file/);
  });
});
