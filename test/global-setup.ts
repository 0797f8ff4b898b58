import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Builds `dist/` once before the suite: worker threads and the CLI tests run
 * the compiled JavaScript, as users do. Type errors are reported by
 * test/typecheck.test.ts; the build itself always emits. The launcher
 * (`scripts/run.mjs`) stamps the build, so `npm run tourney` after the suite
 * starts at once.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    execFileSync(process.execPath, ['scripts/run.mjs', '--build'], { cwd: root, stdio: 'pipe' });
  } catch {
    // Emitted anyway; typecheck.test.ts fails with the messages.
  }
}
