import type { BotParam } from '../../src/core/bot.js';
import type { Variant } from '../../src/core/variant.js';

/**
 * Messages between the harness and a user bot's realm (a child process, see
 * `realm.ts`). Requests carry an id; every reply names the id it answers, so
 * a late answer to a request the harness gave up on is never taken for the
 * answer to a later one.
 */
export type RealmRequest =
  | { readonly t: 'describe'; readonly id: number; readonly file: string; readonly gameId: string; readonly params: Readonly<Record<string, string>> }
  | { readonly t: 'init'; readonly id: number; readonly file: string; readonly gameId: string; readonly variant: Variant; readonly params: Readonly<Record<string, string>> }
  | { readonly t: 'reset'; readonly id: number; readonly seat: number; readonly players: number; readonly words: readonly number[] }
  | { readonly t: 'act'; readonly id: number; readonly obs: object; readonly legal: Int32Array; readonly count: number };

/** A realm's answer. */
export type RealmReply =
  | { readonly t: 'described'; readonly id: number; readonly params: readonly BotParam[]; readonly supports: boolean; readonly doc: string; readonly reproducible: boolean }
  | { readonly t: 'ready'; readonly id: number; readonly reproducible: boolean }
  | { readonly t: 'ok'; readonly id: number }
  | { readonly t: 'action'; readonly id: number; readonly action: number }
  /** The bot threw (or loading failed): `message` is its first line. */
  | { readonly t: 'error'; readonly id: number; readonly message: string }
  /** Said by the bridge, not the realm: the realm exceeded its memory, or exited. */
  | { readonly t: 'fault'; readonly id: number; readonly reason: 'memory' | 'threw'; readonly message: string };

/** A request from a batch worker to its bridge thread: to a realm, or to kill one. */
export type BridgeRequest =
  | { readonly realm: string; readonly request: RealmRequest }
  | { readonly realm: string; readonly kill: true; readonly id: number };

/** Checks that a message from a realm is a well-formed reply (a bot may send anything on its channel). */
export function isReply(m: unknown): m is RealmReply {
  if (m === null || typeof m !== 'object') return false;
  const r = m as { t?: unknown; id?: unknown };
  if (typeof r.id !== 'number') return false;
  switch (r.t) {
    case 'ok':
      return true;
    case 'ready':
      return typeof (m as { reproducible?: unknown }).reproducible === 'boolean';
    case 'action':
      return typeof (m as { action?: unknown }).action === 'number';
    case 'error':
      return typeof (m as { message?: unknown }).message === 'string';
    case 'described': {
      const d = m as { params?: unknown; supports?: unknown; doc?: unknown; reproducible?: unknown };
      return Array.isArray(d.params) && typeof d.supports === 'boolean' && typeof d.doc === 'string' && typeof d.reproducible === 'boolean';
    }
    default:
      return false;
  }
}
