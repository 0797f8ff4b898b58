/**
 * The launcher (`scripts/run.mjs`) runs a command in its own process and
 * builds `report.html` on the renderer thread it started first (fast to
 * start; every command that produces results writes `report.html`). The page
 * is byte for byte the one built in-process from the run's files, and a page
 * that cannot be built on the thread is one line on stderr, as in-process.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { buildHtmlReport } from '../../src/report/html/index.js';

describe('report.html built on the renderer thread', () => {
  it('npm run tourney (10 games) writes the page the run files give in-process', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ninefold-renderer-')), 'run');
    const r = spawnSync(
      process.execPath,
      ['--max-semi-space-size=1', 'scripts/run.mjs', 'src/cli/tourney.ts', '--game', 'captains-orders', '--games', '10', '--seed', '3', '--out', dir],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const onThread = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(onThread).toContain('<svg');
    const copy = mkdtempSync(join(tmpdir(), 'ninefold-renderer-copy-'));
    for (const f of readdirSync(dir)) if (f !== 'report.html') copyFileSync(join(dir, f), join(copy, f));
    await buildHtmlReport(copy);
    expect(readFileSync(join(copy, 'report.html'), 'utf8')).toBe(onThread);
  });

  it('bad input through the launcher: one line, exit 2, and the process ends (the idle renderer thread holds nothing)', () => {
    for (const args of [
      ['--game', 'nope'],
      ['--game', 'captains-orders', '--games', 'many'],
    ]) {
      const r = spawnSync(process.execPath, ['--max-semi-space-size=1', 'scripts/run.mjs', 'src/cli/tourney.ts', ...args], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('a page that fails on the thread is one line on stderr and nothing else', async () => {
    const { startHtmlRenderer, renderOnThread, stopHtmlRenderer } = await import(join(process.cwd(), 'dist', 'src', 'report', 'html', 'renderer.js'));
    const { writeHtmlReport } = await import(join(process.cwd(), 'dist', 'src', 'report', 'html', 'write.js'));
    startHtmlRenderer();
    const bad = mkdtempSync(join(tmpdir(), 'ninefold-renderer-bad-'));
    mkdirSync(join(bad, 'sub'));
    writeFileSync(join(bad, 'summary.json'), '{ not json');
    await expect(renderOnThread(bad)).rejects.toThrow(/summary\.json/);
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => lines.push(s) > 0) as typeof process.stderr.write;
    try {
      expect(await writeHtmlReport(bad)).toBeNull();
    } finally {
      process.stderr.write = write;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ninefold: report\.html not written in .*\n$/);
    await stopHtmlRenderer();
  });

  it("the renderer thread, started before the command takes the queue's key out of the environment, copies no variable", async () => {
    const { RENDERER_THREAD } = await import('../../src/report/html/renderer.js');
    process.env.NINEFOLD_QUEUE_KEY = 'a-secret-of-the-coordinator';
    try {
      const w = new Worker('require("node:worker_threads").parentPort.postMessage(Object.keys(process.env))', { eval: true, ...RENDERER_THREAD });
      const seen = await new Promise<string[]>((resolve) => w.once('message', resolve));
      await w.terminate();
      expect(seen).toEqual([]);
    } finally {
      delete process.env.NINEFOLD_QUEUE_KEY;
    }
  });
});
