/**
 * How this process plays user bot files: in a sandbox (an isolate of
 * isolated-vm, `realm.ts`), or, only where isolated-vm is missing and the
 * user said `--unsandboxed-bots`, in a child process with the user's own
 * operating-system rights (`bots/remote`). The choice crosses into worker
 * threads with the environment (`NINEFOLD_UNSANDBOXED_BOTS`, set from the
 * flag before any worker starts).
 */
import { BotSpecError } from '../../src/core/bot.js';
import { isFileSpec } from '../file.js';
import { isolatedVm } from './isolated.js';

/** Where user bot files play: `sandbox`, or `process` (unsandboxed, accepted by the user). */
export type BotFileMode = 'sandbox' | 'process';

/** Records the user's `--unsandboxed-bots` for this process and the worker threads it starts later. */
export function acceptUnsandboxedBots(accept: boolean): void {
  if (accept) process.env.NINEFOLD_UNSANDBOXED_BOTS = '1';
  else delete process.env.NINEFOLD_UNSANDBOXED_BOTS;
}

/**
 * Where this process plays user bot files.
 * @throws BotSpecError (one line, exit 2) when isolated-vm is missing and unsandboxed bots were not accepted.
 */
export function botFileMode(): BotFileMode {
  const ivm = isolatedVm();
  if (typeof ivm !== 'string') return 'sandbox';
  if (process.env.NINEFOLD_UNSANDBOXED_BOTS === '1') return 'process';
  throw new BotSpecError(`cannot sandbox bot files: ${ivm}; pass --unsandboxed-bots to run them with your own operating-system rights`);
}

/**
 * Whether a line-up's bot files play unsandboxed in this process (isolated-vm
 * missing and `--unsandboxed-bots` given): the run's summary and header say so.
 * @param lineup the line-up's spec texts.
 */
export function playsUnsandboxed(lineup: readonly string[]): boolean {
  return lineup.some((text) => isFileSpec(text.split(':')[0]!)) && typeof isolatedVm() === 'string' && process.env.NINEFOLD_UNSANDBOXED_BOTS === '1';
}

/** The header line of a run whose bot files played unsandboxed. */
export const UNSANDBOXED_NOTICE = 'UNSANDBOXED: the bot files ran with your operating-system rights (--unsandboxed-bots: isolated-vm is missing)';
