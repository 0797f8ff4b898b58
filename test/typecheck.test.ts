import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('TypeScript', () => {
  it('the whole project type-checks under strict settings and test/ too (tsconfig.test.json)', () => {
    let out = '';
    try {
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.test.json'], { stdio: 'pipe' });
    } catch (e) {
      out = String((e as { stdout?: Buffer }).stdout ?? e);
    }
    expect(out).toBe('');
  });
});
