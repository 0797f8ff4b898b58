/**
 * The generators (src/core/rng.ts): `Rng` seeds and draws exactly as
 * seedrandom's xor128 (computed in place, without the library's
 * allocations), `streamWords` gives the bots' stream words of their direct
 * MurmurHash3 definition, and `Rng.drawInto` deals exactly as the plain
 * Fisher-Yates loop over `Rng.int`.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { gameSeed, Rng, streamWords, botSeed } from '../../src/core/rng.js';

/** Seeds of every shape the harness makes, and odd ones (empty, long, non-ASCII, surrogate pairs). */
function seeds(): string[] {
  const out = ['', ' ', 'faults', 'unseeded', 'x'.repeat(300), 'Ninefold ♠♥ 九', '\u{1F0A1}'.normalize(), '😀 ace'];
  const pick = seedrandom.alea('seed shapes');
  for (let i = 0; i < 3000; i++) {
    const run = String(Math.floor(pick() * 1e9));
    out.push(gameSeed(run, i), botSeed(gameSeed(run, i)), `${run}-${i}`.slice(0, 1 + (i % 40)));
  }
  return out;
}

describe('seedrandom streams, computed in place', () => {
  it('new Rng(seed) draws the very int32() stream of seedrandom.xor128(seed)', () => {
    const r = new Rng();
    for (const seed of seeds()) {
      const lib = seedrandom.xor128(seed);
      r.seed(seed);
      for (let k = 0; k < 8; k++) if (r.int32() !== lib.int32()) throw new Error(`xor128 stream differs for seed ${JSON.stringify(seed)} at draw ${k}`);
    }
    expect(new Rng('abc').next()).toBe(seedrandom.xor128('abc')());
  });
});

/** Stream word 4t + i of a deal, by its definition: MurmurHash3 of the 32-bit block t (two UTF-16 code units) under hash seed murmur3(seed, i + 1). */
function referenceWord(seed: string, t: number, i: number): number {
  return murmur3(String.fromCharCode(t & 0xffff, t >>> 16), murmur3(seed, i + 1));
}

describe("the bots' stream words (streamWords: MurmurHash3, one hash of the seed per deal)", () => {
  it('streamWords(seed) gives word 4t + i = murmur3(block t, murmur3(seed, i + 1)), the direct computation, on thousands of seeds', () => {
    const words = new Int32Array(100);
    for (const seed of seeds()) {
      streamWords(seed, words);
      for (let j = 0; j < words.length; j++) {
        if (words[j] !== referenceWord(seed, j >> 2, j & 3)) throw new Error(`stream word ${j} differs for seed ${JSON.stringify(seed)}`);
      }
    }
  });

  it('reference values: the words of deal 0 of seed 1 are pinned (a change of the derivation changes every seeded result)', () => {
    const words = new Int32Array(8);
    streamWords(botSeed(gameSeed('1', 0)), words);
    expect(Array.from(words)).toEqual(Array.from({ length: 8 }, (_, j) => referenceWord('1:0/bots', j >> 2, j & 3)));
    expect(Array.from(words)).toEqual(PINNED_1_0);
  });

  it('the words of different (deal, rotation, seat) differ: no two streams of 2000 deals x 36 seats share a word', () => {
    const seen = new Set<string>();
    const words = new Int32Array(36 * 4);
    let clashes = 0;
    for (let d = 0; d < 2000; d++) {
      streamWords(botSeed(gameSeed('streams', d)), words);
      for (let t = 0; t < 36; t++) {
        // Each stream's state (four words) as one key; and no word repeated within a deal's streams of one hash seed.
        const key = `${words[4 * t]},${words[4 * t + 1]},${words[4 * t + 2]},${words[4 * t + 3]}`;
        if (seen.has(key)) clashes++;
        seen.add(key);
      }
      for (let i = 0; i < 4; i++) {
        const lane = new Set<number>();
        for (let t = 0; t < 36; t++) lane.add(words[4 * t + i]!);
        expect(lane.size).toBe(36);
      }
    }
    expect(clashes).toBe(0);
  });
});

describe('Rng.drawInto', () => {
  it('equals the first count steps of a front-to-back Fisher-Yates over int(), and leaves the stream where they do', () => {
    for (let t = 0; t < 200; t++) {
      const n = 1 + (t % 55);
      const count = 1 + ((t * 7) % n);
      const a = Uint8Array.from({ length: 55 }, (_, i) => i);
      const b = a.slice();
      const ra = new Rng(`draw-${t}`);
      const rb = new Rng(`draw-${t}`);
      ra.drawInto(a, n, count);
      for (let i = 0; i < count; i++) {
        const j = i + rb.int(n - i);
        const c = b[j]!;
        b[j] = b[i]!;
        b[i] = c;
      }
      expect(Array.from(a)).toEqual(Array.from(b));
      expect(ra.int32()).toBe(rb.int32());
    }
  });
});

describe('Rng.fork', () => {
  it('gives a new generator with the same stream; drawing from either never moves the other', () => {
    const a = new Rng('fork');
    a.int32();
    const b = a.fork();
    expect(b).not.toBe(a);
    expect(b).toBeInstanceOf(Rng);
    const fromA = Array.from({ length: 20 }, () => a.int32());
    const fromB = Array.from({ length: 20 }, () => b.int32());
    expect(fromB).toEqual(fromA);
    const c = a.fork();
    for (let k = 0; k < 100; k++) c.int32();
    expect(a.int32()).toBe(b.int32());
  });
});

import { dealRng, murmur3 } from '../../src/core/rng.js';

describe('deal seeding: independent deals', () => {
  it('murmur3 is MurmurHash3_x86_32 of the UTF-16LE bytes: published vectors', () => {
    expect(murmur3('', 0)).toBe(0);
    expect(murmur3('', 1)).toBe(0x514e28b7 | 0);
    expect(murmur3('\u0000\u0000', 0)).toBe(0x2362f9de | 0);
    expect(murmur3('\u6161\u6161', 0x9747b28c)).toBe(0x5a97808a | 0); // bytes "aaaa"
  });

  it('the deals of a run are not linearly tied: first outputs of deals 10, 11, 20, 21 do not XOR to zero (xor128 string seeding did)', () => {
    const first = (seed: string, r: (s: string) => Rng): number => r(seed).int32();
    const linear = (s: string): Rng => new Rng(s);
    const x = ['run:10', 'run:11', 'run:20', 'run:21'].map((s) => first(s, linear));
    expect(x[0]! ^ x[1]! ^ x[2]! ^ x[3]!).toBe(0);
    const y = ['run:10', 'run:11', 'run:20', 'run:21'].map((s) => first(s, dealRng));
    expect(y[0]! ^ y[1]! ^ y[2]! ^ y[3]!).not.toBe(0);
  });
});

import { murmur3x4, BOT_SEED_SUFFIX } from '../../src/core/rng.js';

describe('seeding without waste (the same words, computed once)', () => {
  it('murmur3x4 gives murmur3 with seeds 1 to 4, also of a joined string; streamWords with a suffix gives streamWords of the joined string', () => {
    const four = new Int32Array(4);
    const a = new Int32Array(40);
    const b = new Int32Array(40);
    for (const s of ['', 'x', 'run:0', 'run:12345', 'ünïcødé:77', 'a much longer seed string:999999']) {
      murmur3x4(s, four);
      expect(Array.from(four)).toEqual([1, 2, 3, 4].map((k) => murmur3(s, k)));
      for (const suffix of ['', 'y', BOT_SEED_SUFFIX]) {
        murmur3x4(s, four, suffix);
        expect(Array.from(four)).toEqual([1, 2, 3, 4].map((k) => murmur3(s + suffix, k)));
      }
      streamWords(s, a, 40, BOT_SEED_SUFFIX);
      streamWords(botSeed(s), b);
      expect(Array.from(a)).toEqual(Array.from(b));
    }
  });
});

/**
 * streamWords('1:0/bots') words 0..7 as an independent implementation gives
 * them: MurmurHash3_x86_32 over bytes written from the reference C code
 * (SMHasher's MurmurHash3.cpp) in Python, checked on the published vectors
 * (`''` seed 1: 0x514e28b7; `'aaaa'` seed 0x9747b28c: 0x5a97808a), on the
 * seed string's UTF-16LE bytes and the block t's four little-endian bytes.
 */
const PINNED_1_0: readonly number[] = [-1983697682, -1829042826, 168567342, 1057071247, 1858489751, 383945021, 900072665, -1682732463];
