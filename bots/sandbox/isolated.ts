/**
 * isolated-vm (Laverdet; Screeps' sandbox for its players' code): separate
 * V8 isolates with no Node API, a memory limit and a CPU deadline each. It is
 * an optional dependency built from source by `npm ci`; where it could not be
 * built (another OS, no compiler) runs with bot files refuse unless the user
 * accepts unsandboxed bots (`--unsandboxed-bots`).
 */
import { createRequire } from 'node:module';

export type IsolatedVm = typeof import('isolated-vm');

let loaded: IsolatedVm | null = null;
let missing: string | null = null;

/**
 * The isolated-vm module, or why it cannot be had.
 * `NINEFOLD_SANDBOX=missing` makes it missing (to test the refusal).
 * @returns the module, or a one-line reason.
 */
export function isolatedVm(): IsolatedVm | string {
  if (loaded) return loaded;
  if (missing !== null) return missing;
  if (process.env.NINEFOLD_SANDBOX === 'missing') return (missing = 'isolated-vm is missing (NINEFOLD_SANDBOX=missing)');
  try {
    loaded = createRequire(import.meta.url)('isolated-vm') as IsolatedVm;
    return loaded;
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    missing = `the sandbox package isolated-vm is not installed or did not build (${why}); it builds on npm ci with python3, make and a C++ compiler`;
    return missing;
  }
}
