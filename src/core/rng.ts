/**
 * A seeded source of uniform random numbers. Every random event in ninefold
 * (a shuffle, a draw, a bot's choice, a determinization) goes through one of
 * these; `Math.random` is never used.
 *
 * The stream is exactly seedrandom's `xor128` (G. Marsaglia, "Xorshift RNGs",
 * J. Stat. Softw. 8(14), 2003): `new Rng(seed)` yields the same numbers as
 * `seedrandom.xor128(seed)`, drawn in about 2 ns. xor128 is the fastest of
 * seedrandom's generators measured here (alea 6 ns, xorwow 8 ns a draw), and
 * the state of its generator is four 32-bit words, so this class keeps them
 * in place: the harness seeds once per deal (seedrandom's own seeding, done
 * in place, see `seed`) and copies the 16-byte state into every rotation's
 * game (`copyFrom`), and loads the bots' streams of the deal from words
 * hashed with MurmurHash3 (`streamWords`, `fromWords`).
 */
export class Rng {
  private x = 0;
  private y = 0;
  private z = 0;
  private w = 0;

  /** @param seed any string; equal seeds give equal streams on every machine. */
  constructor(seed?: string) {
    if (seed !== undefined) this.seed(seed);
  }

  /**
   * Re-seeds in place from a string: exactly seedrandom's xor128 string
   * seeding (`lib/xor128.js`: from zero words, each UTF-16 code unit is
   * xor-ed into x before a step, then 64 more steps), done on this object's
   * words. Through the library a seeding allocates ~600 bytes and takes
   * ~0.6 µs; once per deal that was ~5% of a random game. A test checks the
   * streams against `seedrandom.xor128` on thousands of seeds.
   */
  seed(seed: string): this {
    this.x = 0;
    this.y = 0;
    this.z = 0;
    this.w = 0;
    for (let k = 0; k < seed.length; k++) {
      this.x ^= seed.charCodeAt(k);
      this.int32();
    }
    for (let k = 0; k < 64; k++) this.int32();
    return this;
  }

  /**
   * Seeds a deal's generator from its seed string: the state is four
   * MurmurHash3 (x86, 32-bit; A. Appleby, SMHasher) hashes of the string's
   * UTF-16 code units with the hash seeds 1 to 4, whose finalizer mixes
   * every bit into every other. Every deal of every run is seeded this way
   * (the game runner, `replayRecord`), so that the deals of a run are
   * independent. xor128's own string seeding (`seed`) is linear over GF(2) in
   * the string's bits: the deals `run:10`, `run:11`, `run:20`, `run:21` of
   * one run had first outputs that XOR to zero, and on a fair game the
   * seat-advantage test rejected 3.1% of symmetric runs at α = 0.05 instead
   * of 5%. Alea's Mash (seedrandom's alea seeding) is not enough either (7.1%); with this
   * hash the rate is 4.6%, as with SHA-256 (test/stats/calibration.test.ts).
   */
  seedDeal(seed: string): this {
    murmur3x4(seed, dealWords);
    return this.fromWords(dealWords[0]!, dealWords[1]!, dealWords[2]!, dealWords[3]!);
  }

  /**
   * Loads a state of four 32-bit words (not all zero). The words must not be
   * consecutive outputs of another xor128 stream: its state is its last four
   * outputs, so the new stream would be a shifted copy of it. `streamWords`
   * derives suitable words.
   */
  fromWords(x: number, y: number, z: number, w: number): this {
    this.x = x | 0;
    this.y = y | 0;
    this.z = z | 0;
    this.w = w | 0 || 1;
    return this;
  }

  /** Writes this generator's four state words into `into[0..4)` (for `fromWords` elsewhere, e.g. in a bot's realm). */
  saveWords(into: Int32Array): void {
    into[0] = this.x;
    into[1] = this.y;
    into[2] = this.z;
    into[3] = this.w;
  }

  /** Copies another generator's state: both then produce the same stream. */
  copyFrom(o: Rng): this {
    this.x = o.x;
    this.y = o.y;
    this.z = o.z;
    this.w = o.w;
    return this;
  }

  /**
   * A new generator whose state is a copy of this one's (a fork): both then
   * produce the same stream, and drawing from one never moves the other.
   * What `Game.clone` gives the clone. Allocates one small object.
   */
  fork(): Rng {
    return new Rng().copyFrom(this);
  }

  /** The next 32-bit signed integer of the stream (seedrandom's `int32()`). */
  int32(): number {
    const t = this.x ^ (this.x << 11);
    this.x = this.y;
    this.y = this.z;
    this.z = this.w;
    return (this.w ^= (this.w >>> 19) ^ t ^ (t >>> 8));
  }

  /** A float uniform in [0, 1) (seedrandom's `prng()`). */
  next(): number {
    return (this.int32() >>> 0) / 0x100000000;
  }

  /**
   * Draws `count` entries of `a[0..n)` without replacement into `a[0..count)`,
   * in draw order (the first `count` steps of a Fisher-Yates shuffle from the
   * front: step i swaps `a[i]` with `a[i + int(n - i)]`). The same stream and
   * result as calling `int` in that loop; the generator's state is kept in
   * locals for the loop (a deal's cards cost a few ns each).
   * @param a typed array of at least `n` entries.
   * @param n entries that take part, 1 <= count <= n <= 2^31.
   */
  drawInto(a: Uint8Array, n: number, count: number): void {
    let x = this.x;
    let y = this.y;
    let z = this.z;
    let w = this.w;
    for (let i = 0; i < count; i++) {
      const t = x ^ (x << 11);
      x = y;
      y = z;
      z = w;
      w = w ^ (w >>> 19) ^ t ^ (t >>> 8);
      const j = i + ((((w >>> 0) / 0x100000000) * (n - i)) | 0);
      const c = a[j]!;
      a[j] = a[i]!;
      a[i] = c;
    }
    this.x = x;
    this.y = y;
    this.z = z;
    this.w = w;
  }

  /** An integer uniform in [0, n) for 1 <= n <= 2^31; 0 when n <= 1. */
  int(n: number): number {
    return (((this.int32() >>> 0) / 0x100000000) * n) | 0;
  }
}

/** Scratch words of `Rng.seedDeal` (module state: seeding a deal allocates nothing). */
const dealWords = new Int32Array(4);

/**
 * `murmur3(text + suffix, 1..4)` into `into[0..4)` in one pass over the
 * string, without building `text + suffix`: the block mixing depends on the
 * data alone, so it is done once for the four hash seeds. The same words as
 * four calls on the joined string (a test checks it).
 * @param text, suffix any strings, read as UTF-16 code units in order.
 * @param into at least four words; receives the four signed 32-bit hashes.
 */
export function murmur3x4(text: string, into: Int32Array, suffix = ''): void {
  let h1 = 1;
  let h2 = 2;
  let h3 = 3;
  let h4 = 4;
  const na = text.length;
  const n = na + suffix.length;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const k = mixK((codeAt(text, suffix, na, i) & 0xffff) | ((codeAt(text, suffix, na, i + 1) & 0xffff) << 16));
    h1 ^= k;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
    h2 ^= k;
    h2 = (h2 << 13) | (h2 >>> 19);
    h2 = (Math.imul(h2, 5) + 0xe6546b64) | 0;
    h3 ^= k;
    h3 = (h3 << 13) | (h3 >>> 19);
    h3 = (Math.imul(h3, 5) + 0xe6546b64) | 0;
    h4 ^= k;
    h4 = (h4 << 13) | (h4 >>> 19);
    h4 = (Math.imul(h4, 5) + 0xe6546b64) | 0;
  }
  if (i < n) {
    const k = mixK(codeAt(text, suffix, na, i) & 0xffff);
    h1 ^= k;
    h2 ^= k;
    h3 ^= k;
    h4 ^= k;
  }
  into[0] = fmix(h1 ^ (n * 2));
  into[1] = fmix(h2 ^ (n * 2));
  into[2] = fmix(h3 ^ (n * 2));
  into[3] = fmix(h4 ^ (n * 2));
}

/** Code unit `k` of the string `a + b` (`na` = a.length), without building it. */
function codeAt(a: string, b: string, na: number, k: number): number {
  return k < na ? a.charCodeAt(k) : b.charCodeAt(k - na);
}

/** Scratch hashes of `streamWords` (module state: deriving a deal's words allocates nothing). */
const streamBase = new Int32Array(4);

/**
 * Fills `into[0..count)` with the words of the bots' streams of one deal,
 * four per stream (stream t = rotation * P + seat takes words 4t .. 4t+3,
 * loaded into its generator with `Rng.fromWords`): word 4t + i is
 * MurmurHash3_x86_32 (A. Appleby, SMHasher) of the 32-bit block t under the
 * hash seed `murmur3(seed + suffix, i + 1)`, i.e. `murmur3(block(t), base[i])`
 * where `block(t)` is the two code units t & 0xffff, t >>> 16 (a test checks
 * the words against that direct computation).
 *
 * Why this shape: one hash of the seed string per deal (`murmur3x4`), then a
 * few integer operations per word, so every stream is a fixed bijection of
 * (base word, stream index) with MurmurHash3's finalizer mixing every bit;
 * the words of one deal's streams all differ (for one hash seed the map t ->
 * word is a bijection), and no stream is drawn from another generator (an
 * xor128 state is its last four outputs: words drawn from xor128 would make
 * the streams shifted copies of each other). It replaced seedrandom's alea
 * (Baagoe's Mash of the seed string, then alea's draws): 0.9 µs a deal on the
 * fourth session's machine, ~20% of Captain's Orders' random games; measured
 * figures of both in README, "Seeds, streams and secret deals".
 * @param seed the deal's stream seed string (`botSeed(dealSeed)` without the
 *   suffix in a public run, a key-derived string in a keyed one).
 * @param into receives the words; a run that uses fewer rotations draws a
 *   prefix (`count`), and the prefix is the same words.
 * @param count words to fill, from 0 (default: all of `into`).
 * @param suffix appended to `seed` before hashing, without building the string.
 */
export function streamWords(seed: string, into: Int32Array, count = into.length, suffix = ''): void {
  murmur3x4(seed, streamBase, suffix);
  const b0 = streamBase[0]!;
  const b1 = streamBase[1]!;
  const b2 = streamBase[2]!;
  const b3 = streamBase[3]!;
  for (let j = 0, t = 0; j < count; t++) {
    const k = mixK(t);
    into[j++] = blockHash(b0, k);
    if (j < count) into[j++] = blockHash(b1, k);
    if (j < count) into[j++] = blockHash(b2, k);
    if (j < count) into[j++] = blockHash(b3, k);
  }
}

/** MurmurHash3_x86_32 of one 32-bit block (already mixed: `k = mixK(block)`) under hash seed `h`: 4 bytes long. */
function blockHash(h: number, k: number): number {
  let x = h ^ k;
  x = (x << 13) | (x >>> 19);
  x = (Math.imul(x, 5) + 0xe6546b64) | 0;
  return fmix(x ^ 4);
}

/** MurmurHash3's mixing of one 32-bit block before it enters the hash. */
function mixK(block: number): number {
  let k = Math.imul(block, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  return Math.imul(k, 0x1b873593);
}

/** MurmurHash3's finalizer (every bit of h into every other). */
function fmix(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/**
 * MurmurHash3_x86_32 (Austin Appleby, public domain, SMHasher) of a string's
 * UTF-16 code units taken two to a 32-bit block, little end first.
 * @returns a signed 32-bit hash.
 */
export function murmur3(text: string, seed: number): number {
  let h = seed | 0;
  const n = text.length;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const k = mixK((text.charCodeAt(i) & 0xffff) | ((text.charCodeAt(i + 1) & 0xffff) << 16));
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (i < n) {
    const k = mixK(text.charCodeAt(i) & 0xffff);
    h ^= k;
  }
  return fmix(h ^ (n * 2));
}

/**
 * Creates a generator from a seed string (xor128's string seeding, exactly
 * seedrandom's).
 * @param seed any string; equal seeds give equal streams on every machine.
 */
export function createRng(seed: string): Rng {
  return new Rng(seed);
}

/**
 * The generator of a deal with seed string `seed`, as the game runner and
 * replay seed it (`Rng.seedDeal`: independent deals).
 */
export function dealRng(seed: string): Rng {
  return new Rng().seedDeal(seed);
}

/**
 * The seed string of deal number `deal` of a run: every rotation of one deal
 * shares it, so every line-up rotation sees the same cards. Derived only from
 * (run seed, deal index), so the game is the same whichever worker plays it.
 */
export function gameSeed(runSeed: string, deal: number): string {
  return `${runSeed}:${deal}`;
}

/**
 * The stream seed string of a deal in a run with a public seed: the string
 * from which `streamWords` derives the bots' streams of the deal (four words
 * per rotation and seat, in that order).
 */
export function botSeed(seed: string): string {
  return `${seed}${BOT_SEED_SUFFIX}`;
}

/** What `botSeed` appends to a deal's seed. */
export const BOT_SEED_SUFFIX = '/bots';

/**
 * Fisher-Yates shuffle of the first `n` entries of `a`, in place.
 * @param a typed or plain array of numbers.
 * @param n how many leading entries take part (default: all).
 */
export function shuffleInPlace(a: { [i: number]: number; length: number }, rng: Rng, n: number = a.length): void {
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}
