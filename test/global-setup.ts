import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Builds `dist/` once before the suite: worker threads and the CLI tests run
 * the compiled JavaScript, as users do. Type errors are reported by
 * test/typecheck.test.ts; the build itself always emits.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { cwd: root, stdio: 'pipe' });
  } catch {
    // Emitted anyway; typecheck.test.ts fails with the messages.
  }
}
