/**
 * Fitting terminal output to 120 columns (
 * `src/report/terminal.ts`): tables split into parts that repeat the rows'
 * labels, titles wrapped, prose wrapped, estimates with their interval in one
 * cell. The commands' output end to end: test/cli/default-width.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { plainTable } from '../../src/report/terminal-format.js';
import { fitTable, friendlyTitle, keyColumns, TERMINAL_WIDTH, withInterval, wrapProse } from '../../src/report/terminal.js';

const widest = (text: string): number => Math.max(...text.split('\n').map((l) => l.length));

describe('fitting output to 120 columns', () => {
  it('a table that fits prints as it is', () => {
    const head = ['bot', 'win rate'];
    const rows = [
      ['greedy', '27.3% (22.7–32.4)'],
      ['random', '8.5% (8.2–8.7)'],
    ];
    expect(fitTable(head, rows)).toBe(plainTable(head, rows));
  });

  it('a wide table splits into tables within the width, each repeating the key columns, every column printed once', () => {
    const head = ['bot', 'rank', ...Array.from({ length: 14 }, (_, i) => `estimate number ${i}`)];
    const rows = ['greedy', 'random'].flatMap((bot) => [2, 3].map((rank) => [bot, String(rank), ...head.slice(2).map((_, i) => `${i}.00 (0.50–1.50)`)]));
    const text = fitTable(head, rows);
    expect(widest(text)).toBeLessThanOrEqual(TERMINAL_WIDTH);
    const parts = text.split('\n').filter((l) => l.startsWith('┌')).length;
    expect(parts).toBeGreaterThan(1);
    // bot and rank tell the rows apart: both head every part.
    expect(text.split('\n').filter((l) => /^│ bot +│ rank +│/.test(l)).length).toBe(parts);
    for (let i = 0; i < 14; i++) expect(text.match(new RegExp(`(?<!\\d)${i}\\.00 \\(0\\.50–1\\.50\\)`, 'g'))!.length).toBe(4);
    // --wide: one table, unsplit.
    expect(fitTable(head, rows, { width: Infinity })).toBe(plainTable(head, rows));
  });

  it('titles wider than their cells wrap before the table splits; a single too-wide cell wraps', () => {
    const head = ['bot', ...Array.from({ length: 6 }, (_, i) => `a rather long column title ${i}`)];
    const rows = [['greedy', '1', '2', '3', '4', '5', '6']];
    const text = fitTable(head, rows);
    expect(widest(text)).toBeLessThanOrEqual(TERMINAL_WIDTH);
    expect(text.split('\n').filter((l) => l.startsWith('┌'))).toHaveLength(1);
    const long = fitTable(['bot', 'note'], [['greedy', 'word '.repeat(40).trim()]]);
    expect(widest(long)).toBeLessThanOrEqual(TERMINAL_WIDTH);
  });

  it('the key columns: the fewest leading columns that tell the rows apart', () => {
    expect(keyColumns([['greedy'], ['random']])).toBe(1);
    expect(
      keyColumns([
        ['greedy', '2', 'x'],
        ['greedy', '3', 'x'],
        ['random', '2', 'x'],
      ]),
    ).toBe(2);
  });

  it('prose wraps at spaces within the width, keeping its indentation; table lines and short lines stay', () => {
    const sentence = 'word '.repeat(60).trim();
    const text = `short\n${sentence}\n  ${sentence}\n│ ${'x'.repeat(150)} │`;
    const wrapped = wrapProse(text).split('\n');
    expect(wrapped[0]).toBe('short');
    expect(wrapped.at(-1)).toBe(`│ ${'x'.repeat(150)} │`);
    expect(Math.max(...wrapped.slice(0, -1).map((l) => l.length))).toBeLessThanOrEqual(TERMINAL_WIDTH);
    expect(wrapped.filter((l) => l.startsWith('  word')).length).toBeGreaterThan(1);
    expect(wrapped.slice(0, -1).join(' ').replace(/\s+/g, ' ')).toBe(`short ${sentence} ${sentence}`);
  });

  it('an estimate and its interval in one cell; friendly titles', () => {
    expect(withInterval('27.3%', '22.7', '32.4')).toBe('27.3% (22.7–32.4)');
    expect(withInterval('-0.35', '-1.23', '0.53')).toBe('-0.35 (-1.23 to 0.53)');
    expect(withInterval('0.88', '', '')).toBe('0.88');
    expect(friendlyTitle('calls of the 1/game')).toBe('calls of the 1 per game');
    expect(friendlyTitle('bids/game')).toBe('bids per game');
  });
});
