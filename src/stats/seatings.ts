/**
 * Who sits where in each game of a deal: the duplicate-deal schedules of
 * `tourney`, `match` and `rate`. Every game of a deal is played on the same
 * cards; a seating names the line-up entry at each seat. Pure functions.
 */
export interface Seating {
  /**
   * The rotation index that seeds the bots' streams of this game with the deal
   * (seat s's stream is word block rotation × P + s of the deal's bot words),
   * 0 <= rotation < P. Two seatings with one rotation give every seat the same
   * stream: common random numbers for the seats they share.
   */
  readonly rotation: number;
  /** entries[seat]: the line-up entry sitting at that seat, length P. */
  readonly entries: readonly number[];
}

/**
 * The distinct cyclic rotations of a line-up (`README.md`, "Seat rotation"):
 * rotation k puts entry i at seat (i + k) mod P, and a rotation whose seating
 * (bot names by seat) equals an earlier rotation's is left out. Every
 * rotation of `greedy,greedy,greedy,greedy` seats the same bots, so it is one
 * seating; `a,b,a,b` has two. Each name still sits in every seat equally
 * often: the distinct rotations of a cyclic line-up are its first q rotations,
 * q its period, and the others repeat them.
 * @param lineup bot names by entry, length P >= 1.
 * @returns the seatings, rotation 0 first.
 */
export function rotationSeatings(lineup: readonly string[]): Seating[] {
  const P = lineup.length;
  const seen = new Set<string>();
  const out: Seating[] = [];
  for (let k = 0; k < P; k++) {
    const entries = Array.from({ length: P }, (_, s) => (s - k + P) % P);
    const key = JSON.stringify(entries.map((e) => lineup[e]));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ rotation: k, entries });
  }
  return out;
}

/**
 * The paired schedule of `match`: line-up entries 0 (candidate A), 1
 * (baseline B) and 2..P (the opponents, in their given order). For each
 * rotation k the deal is played with A at seat k and opponent j at seat
 * (k + 1 + j) mod P, and again with B in A's place: same cards, same
 * opponents in the same seats, same streams (common random numbers). Seatings
 * 2k (A) and 2k + 1 (B).
 * @param players P >= 2.
 */
export function matchSeatings(players: number): Seating[] {
  const out: Seating[] = [];
  for (let k = 0; k < players; k++) {
    for (const who of [0, 1]) {
      const entries = new Array<number>(players);
      entries[k] = who;
      for (let j = 0; j < players - 1; j++) entries[(k + 1 + j) % players] = 2 + j;
      out.push({ rotation: k, entries });
    }
  }
  return out;
}

/**
 * The schedule of a candidate measured against fixed opponents (`train`):
 * line-up entry 0 is the candidate, entries 1..P-1 the opponents. For each
 * rotation k the candidate sits at seat k and opponent j at seat
 * (k + 1 + j) mod P: every seat once per deal, whatever the bots' names
 * (unlike `rotationSeatings`, which would fold the rotations of a candidate
 * spelled like its opponents into one).
 * @param players P >= 2.
 */
export function candidateSeatings(players: number): Seating[] {
  return matchSeatings(players)
    .filter((_, i) => i % 2 === 0)
    .map((s) => ({ rotation: s.rotation, entries: s.entries.map((e) => (e === 0 ? 0 : e - 1)) }));
}

/** Every k-subset of 0..n-1, in lexicographic order. */
export function subsets(n: number, k: number): number[][] {
  const out: number[][] = [];
  const cur: number[] = [];
  const walk = (start: number): void => {
    if (cur.length === k) {
      out.push(cur.slice());
      return;
    }
    for (let i = start; i <= n - (k - cur.length); i++) {
      cur.push(i);
      walk(i + 1);
      cur.pop();
    }
  };
  walk(0);
  return out;
}

/**
 * The round robin of `rate`: a pool of M >= P bots at a table of P seats.
 * Every P-subset of the pool is a line-up (C(M, P) of them; the pool itself
 * when M = P), and each line-up plays every deal in each of its P cyclic
 * rotations. So every bot sits in every seat equally often, every pair of bots
 * meets in C(M − 2, P − 2) line-ups of every deal, and all games of a deal
 * share its cards: a bot's results are compared with the others' on the same
 * cards. Seating index = line-up × P + rotation.
 * @returns the seatings and the line-ups (pool indices, ascending).
 * @throws Error when M < P or P < 2.
 */
export function roundRobinSeatings(poolSize: number, players: number): { seatings: Seating[]; lineups: number[][] } {
  if (players < 2 || poolSize < players) throw new Error(`a round robin needs at least ${players} bots for ${players} seats, got ${poolSize}`);
  const lineups = subsets(poolSize, players);
  const seatings: Seating[] = [];
  for (const l of lineups) {
    for (let k = 0; k < players; k++) seatings.push({ rotation: k, entries: Array.from({ length: players }, (_, s) => l[(s - k + players) % players]!) });
  }
  return { seatings, lineups };
}

/** Seat-games per deal of each of `entries` line-up entries under `seatings`. */
export function seatGamesPerDeal(seatings: readonly Seating[], entries: number): number[] {
  const n = new Array<number>(entries).fill(0);
  for (const s of seatings) for (const e of s.entries) n[e]!++;
  return n;
}
