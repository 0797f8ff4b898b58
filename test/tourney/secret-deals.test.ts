/**
 * Secret deals (docs/tourney.md, "Seeds, streams and secret deals"): a run
 * with a user bot file deals from a random key (`src/tourney/deal-key.ts`),
 * so that a bot that knows the public seed cannot re-deal. In-process: the
 * key's derivation against a direct HMAC computation, keyed runs against
 * public ones, records that replay, and a hostile bot that re-deals from the
 * public seed (`test/fixtures/bots/redeal.ts`) guessing at chance in a keyed
 * run.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { dealKeyConfig, runDealKey } from '../../src/cli/deals.js';
import { UsageError } from '../../src/core/errors.js';
import { GameRunner } from '../../src/core/game-runner.js';
import type { GameRecord } from '../../src/core/record.js';
import { getGame } from '../../src/core/registry.js';
import { replayRecord } from '../../src/core/replay.js';
import { dealRng, gameSeed } from '../../src/core/rng.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { ninesHoldem } from '../../src/games/nines-holdem/game.js';
import { rotationSeatings } from '../../src/stats/seatings.js';
import { runBatch, type RunConfig } from '../../src/tourney/batch.js';
import { isDealKey, keyedDeal, newDealKey, parseDealKey } from '../../src/tourney/deal-key.js';
import { redealer } from '../fixtures/bots/redeal.js';

/** HMAC-SHA256 written out from RFC 2104 (H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), 64-byte blocks) over node's SHA-256: the reference for `keyedDeal`. */
function hmacSha256(key: Buffer, message: string): Buffer {
  const block = Buffer.alloc(64);
  key.copy(block);
  const inner = createHash('sha256')
    .update(block.map((b) => b ^ 0x36))
    .update(message)
    .digest();
  return createHash('sha256')
    .update(block.map((b) => b ^ 0x5c))
    .update(inner)
    .digest();
}

describe('deal keys', () => {
  it('HMAC written out from RFC 2104 gives RFC 4231 test case 2 (the reference below is right)', () => {
    expect(hmacSha256(Buffer.from('Jefe'), 'what do ya want for nothing?').toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('keyedDeal: the deal seed and the stream seed are the first 128 bits of HMAC-SHA256(key, "deal:<seed>:<deal>") and (key, "bots:<seed>:<deal>")', () => {
    for (const key of ['00000000000000000000000000000000', '0123456789abcdef0123456789abcdef', newDealKey()]) {
      for (const [seed, d] of [
        ['1', 0],
        ['1', 1],
        ['7/train/3', 12345],
      ] as const) {
        const k = keyedDeal(key, seed, d);
        const K = Buffer.from(key, 'hex');
        expect(k.seed).toBe(hmacSha256(K, `deal:${seed}:${d}`).toString('hex').slice(0, 32));
        expect(k.streams).toBe(hmacSha256(K, `bots:${seed}:${d}`).toString('hex').slice(0, 32));
        expect(k.seed).not.toBe(k.streams);
      }
    }
    // Pinned: a change of the derivation changes every keyed run (and what --deal-key reproduces).
    expect(keyedDeal('0123456789abcdef0123456789abcdef', '1', 0)).toEqual({
      seed: hmacSha256(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 'deal:1:0').toString('hex').slice(0, 32),
      streams: hmacSha256(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 'bots:1:0').toString('hex').slice(0, 32),
    });
  });

  it('newDealKey: 128 random bits as 32 lowercase hex digits, a new one each time', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newDealKey()));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(isDealKey(k)).toBe(true);
  });

  it('--deal-key takes exactly 32 hex digits (either case, kept in lowercase); anything else is one line of UsageError', () => {
    expect(parseDealKey('0123456789ABCDEF0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    for (const bad of [
      '',
      'abc',
      '0123456789abcdef0123456789abcde',
      '0123456789abcdef0123456789abcdef0',
      '0123456789abcdef0123456789abcdeg',
      '0x23456789abcdef0123456789abcdef',
    ]) {
      expect(() => parseDealKey(bad)).toThrow(UsageError);
      try {
        parseDealKey(bad);
      } catch (e) {
        expect((e as Error).message.split('\n')).toHaveLength(1);
      }
    }
  });

  it('a run gets a random key when a bot file plays, --deal-key when given, and none with built-in bots only', () => {
    expect(runDealKey(undefined, ['greedy', 'random:x=1', 'ismcts'])).toBeUndefined();
    expect(dealKeyConfig(undefined, ['greedy', 'random'])).toEqual({});
    const a = runDealKey(undefined, ['./my-bot.js', 'greedy']);
    const b = runDealKey(undefined, ['greedy', 'bots/x.ts:depth=2']);
    expect(isDealKey(a!)).toBe(true);
    expect(isDealKey(b!)).toBe(true);
    expect(a).not.toBe(b);
    expect(runDealKey('ffffffffffffffffffffffffffffffff', ['greedy'])).toBe('ffffffffffffffffffffffffffffffff');
    expect(() => runDealKey('fff', ['./my-bot.js'])).toThrow(UsageError);
  });
});

describe('keyed runs', () => {
  const game = getGame('captains-orders');
  const variant = resolveGameVariant(game, { players: 4 });
  const lineup = ['greedy', 'random', 'greedy', 'random'];
  const base: RunConfig = {
    gameId: game.info.id,
    variant,
    lineup,
    seatings: rotationSeatings(lineup),
    runSeed: '1',
    record: true,
    onFault: 'forfeit',
    moveTimeoutMs: 0,
  };
  const key = '0123456789abcdef0123456789abcdef';
  const records = (text: string): GameRecord[] =>
    text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as GameRecord);

  it('a keyed run deals other cards than the public seed, the same for the same key, and its records carry the derived deal seed and replay exactly', async () => {
    const pub = await runBatch({ config: base, dealStart: 0, dealEnd: 20 });
    const keyed = await runBatch({ config: { ...base, dealKey: key }, dealStart: 0, dealEnd: 20 });
    const again = await runBatch({ config: { ...base, dealKey: key }, dealStart: 0, dealEnd: 20 });
    const other = await runBatch({ config: { ...base, dealKey: 'ffffffffffffffffffffffffffffffff' }, dealStart: 0, dealEnd: 20 });
    expect(again.records).toBe(keyed.records);
    expect(keyed.records).not.toBe(pub.records);
    expect(other.records).not.toBe(keyed.records);
    const pubRecs = records(pub.records);
    const keyedRecs = records(keyed.records);
    const K = base.seatings.length;
    keyedRecs.forEach((rec, g) => {
      const d = Math.floor(g / K);
      expect(rec.seed).toBe(keyedDeal(key, '1', d).seed);
      expect(pubRecs[g]!.seed).toBe(gameSeed('1', d));
      expect(JSON.stringify(replayRecord(game, rec))).toBe(JSON.stringify(rec));
    });
    // Other cards: the first round's deal differs from the public seed's in (almost) every deal.
    const sameDeal = keyedRecs.filter((rec, g) => JSON.stringify(rec.rounds[0]) === JSON.stringify(pubRecs[g]!.rounds[0])).length;
    expect(sameDeal).toBe(0);
  });

  it('a keyed run with --on-fault random draws its replacements from the key: other replacements than the public seed, the same for the same key', async () => {
    const cfg: RunConfig = { ...base, lineup: ['random', 'random', 'random', 'random'], seatings: rotationSeatings(['random', 'random', 'random', 'random']) };
    // The runner directly: a bot that always answers out of range, so that every decision is a replacement.
    const runner = new GameRunner(game, cfg.variant, { onFault: 'random', moveTimeoutMs: 0 });
    const bad = { act: () => -1 };
    const bots = [bad, bad, bad, bad];
    const names = ['bad', 'bad', 'bad', 'bad'];
    const play = (seed: string, streams?: string): string => JSON.stringify(runner.play({ seed, streams, bots, names, record: true }).record!.rounds);
    const k = keyedDeal(key, '1', 0);
    const keyedOnce = play(k.seed, k.streams);
    expect(play(k.seed, k.streams)).toBe(keyedOnce);
    // Same deal, another stream seed: other replacements.
    expect(play(k.seed, keyedDeal(key, '1', 1).streams)).not.toBe(keyedOnce);
    // Without a stream seed the replacements come from the deal seed, as in a public run.
    expect(play(k.seed)).not.toBe(keyedOnce);
  });
});

describe('a hostile bot that re-deals from the public seed (test/fixtures/bots/redeal.ts)', () => {
  const variant = resolveGameVariant(ninesHoldem, { players: 3, hands: 1 });
  const P = 3;
  const DEALS = 1500;
  const names = ['redeal', 'random', 'random'];

  /** Plays DEALS deals of three rotations as `runBatch` does (public seed '1', or the key); returns the hostile bot's hits on the next seat's first hole card, its deals found by stream, and the hits of a guess from an unrelated deal (chance). */
  function attack(key: string | null): { hits: number; found: number; chance: number; guesses: number } {
    const { bot, guesses } = redealer({ runSeed: '1', variant, rotations: P, deals: DEALS });
    const random = { act: (_o: object, legal: Int32Array, n: number, ctx: { rng: { int(n: number): number } }) => legal[ctx.rng.int(n)]! };
    const runner = new GameRunner(ninesHoldem as never, variant, { onFault: 'forfeit', moveTimeoutMs: 0 });
    const seatings = rotationSeatings(['redeal', 'random', 'random']);
    const truth: number[] = [];
    const control: number[] = [];
    const s = ninesHoldem.newState(variant);
    for (let d = 0; d < DEALS; d++) {
      const k = key === null ? null : keyedDeal(key, '1', d);
      const seed = k ? k.seed : gameSeed('1', d);
      for (const seating of seatings) {
        const bots = seating.entries.map((e) => (e === 0 ? bot : random));
        runner.play({ seed, streams: k?.streams, rotation: seating.rotation, bots, names: seating.entries.map((e) => names[e]!) });
        const seat = seating.entries.indexOf(0);
        ninesHoldem.deal(s, dealRng(seed));
        truth.push(s.hole[2 * ((seat + 1) % P)]!);
        ninesHoldem.deal(s, dealRng(`unrelated:${d}:${seat}`));
        control.push(s.hole[2 * ((seat + 1) % P)]!);
      }
    }
    let hits = 0;
    let chance = 0;
    guesses.forEach((g, i) => {
      if (g.value === truth[i]) hits++;
      if (g.value === control[i]) chance++;
    });
    return { hits, found: guesses.filter((g) => g.found).length, chance, guesses: guesses.length };
  }

  it('with the public seed it finds every deal from its stream and knows the hidden card; in a keyed run it finds none and guesses right at chance rate', () => {
    const pub = attack(null);
    expect(pub.guesses).toBe(DEALS * P);
    expect(pub.found).toBe(pub.guesses);
    expect(pub.hits).toBe(pub.guesses);
    const keyed = attack('0123456789abcdef0123456789abcdef');
    expect(keyed.found).toBe(0);
    // Right as often as a guess from an unrelated deal: two proportions of n = 4500, within 4 standard errors.
    const n = keyed.guesses;
    const p1 = keyed.hits / n;
    const p2 = keyed.chance / n;
    const pooled = (keyed.hits + keyed.chance) / (2 * n);
    const se = Math.sqrt((2 * pooled * (1 - pooled)) / n);
    console.log(
      `re-dealing attack, ${n} guesses: public seed ${pub.hits}/${pub.guesses} right; keyed ${keyed.hits} right (${(100 * p1).toFixed(1)}%), unrelated deal ${keyed.chance} (${(100 * p2).toFixed(1)}%)`,
    );
    expect(Math.abs(p1 - p2)).toBeLessThan(4 * se);
    expect(p1).toBeLessThan(0.2);
  });
});
