import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

/** What a command printed and returned. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time from start to exit, in ms. */
  readonly ms: number;
}

/**
 * Runs a compiled command as a user does (`dist/src/cli/<command>.js`, built by the suite's global setup).
 * @param command `tourney`, `match`, `rate`, `train` or `worker`.
 * @param env extra environment variables.
 */
export function cli(command: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): CliResult {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join('dist', 'src', 'cli', `${command}.js`), ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - t0 };
}

/** Asserts bad input's answer: `message` as one line on stderr, exit code 2, no stack trace. */
export function expectOneLine(r: CliResult, message: RegExp): void {
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}
