/**
 * Secret deals: a run in which a user bot file plays deals from a random key
 * instead of its public `--seed`. With a public seed a hostile bot file can
 * re-deal: it knows the seed (`--seed`, or the default 1), finds the deal
 * index from its own stream, and plays ninefold's deal with ninefold's own
 * modules, so it sees every hidden card. In a keyed run each deal's seed and
 * its bots' stream seed are two HMAC-SHA256 values of the key (H. Krawczyk,
 * M. Bellare, R. Canetti, RFC 2104, 1997): without the key neither follows
 * from the seed, the deal index or the other, and a bot's words reveal
 * nothing of the deal.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { UsageError } from '../core/errors.js';

/** Bytes of a deal key (128 bits). */
export const DEAL_KEY_BYTES = 16;

/** A deal key as `--deal-key` takes it and `summary.json` writes it: 32 lowercase hex digits. */
const KEY_TEXT = /^[0-9a-f]{32}$/;

/** A new random deal key: 128 bits from `crypto.randomBytes`, as 32 lowercase hex digits. */
export function newDealKey(): string {
  return randomBytes(DEAL_KEY_BYTES).toString('hex');
}

/**
 * Reads `--deal-key HEX`.
 * @param text exactly 32 hex digits, either case.
 * @returns the key in lowercase.
 * @throws UsageError with one line otherwise.
 */
export function parseDealKey(text: string): string {
  const key = text.trim().toLowerCase();
  if (!KEY_TEXT.test(key)) throw new UsageError(`--deal-key must be exactly 32 hex digits (a run's "dealKey" in summary.json), got '${text}'`);
  return key;
}

/** Whether `text` is a deal key as runs store it (32 lowercase hex digits). */
export function isDealKey(text: string): boolean {
  return KEY_TEXT.test(text);
}

/** The two seed strings of one deal of a keyed run. */
export interface KeyedDeal {
  /** The deal's seed string (what `GameRunner.play` deals from and a record carries as `seed`). */
  readonly seed: string;
  /** The seed string of the bots' streams and of `--on-fault random`'s replacements (`PlayOptions.streams`). */
  readonly streams: string;
}

/**
 * The seeds of deal `deal` of a keyed run: HMAC-SHA256 (RFC 2104) under the
 * key's 16 bytes of the messages `deal:<runSeed>:<deal>` and
 * `bots:<runSeed>:<deal>`, each cut to its first 128 bits (RFC 2104 §5
 * allows an output cut to half its length) and written as 32 hex digits.
 * The run seed is part of the message so that the runs of one command under
 * one key (a training run's iterations, `<seed>/train/<k>`, and its held-out
 * seeds) get deals of their own; the same key and seed give the same deals.
 * Two HMACs, ~5 µs: computed once per deal, shared by its games.
 * @param key a deal key (32 hex digits, `parseDealKey`).
 * @param deal the deal index, >= 0.
 */
export function keyedDeal(key: string, runSeed: string, deal: number): KeyedDeal {
  const k = Buffer.from(key, 'hex');
  return {
    seed: hmac128(k, `deal:${runSeed}:${deal}`),
    streams: hmac128(k, `bots:${runSeed}:${deal}`),
  };
}

/** The first 128 bits of HMAC-SHA256(key, message), as 32 hex digits. */
function hmac128(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex').slice(0, 32);
}
