/**
 * Golden trajectories: for every game, player count and notable variant, a
 * sha256 digest of the records of a few games played by built-in bots through
 * `GameRunner`, pinned in `test/golden/digests.json`. Any change to a rule,
 * a deal, a codec, a bot heuristic or the game loop that alters one game of
 * a case changes its digest; the failure names the case.
 *
 * A deliberate change of behaviour is accepted by rewriting the file:
 *   npm run golden:update
 * (`UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/games/golden.test.ts`),
 * then committing it with the change that explains it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { Bot } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { nonDefault, resolveGameVariant, type Variant, type VariantValue } from '../../src/core/variant.js';
import { createBot, parseLineup } from '../../bots/index.js';
import '../helpers.js';

const FILE = fileURLToPath(new URL('../golden/digests.json', import.meta.url));
const UPDATE_HINT = 'npm run golden:update (UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/games/golden.test.ts)';

/** Games per case: every case plays games 0..GAMES-1, game g with seed `golden:g` and line-up rotation g mod P. */
const GAMES = 20;

/** One golden case: a game, the variant given (resolved with defaults) and the line-up played. */
interface GoldenCase {
  readonly id: string;
  readonly given: Readonly<Record<string, VariantValue>>;
  /**
   * 'recorded': seats alternate greedy and random (line-up entry i is greedy
   * for even i), every game recorded; the digest is over the JSON Lines of
   * the records. 'index': every seat random, unrecorded, so that the runner's
   * index-only loop (`legalCount`/`legalAt`) plays where the game has them; the
   * digest is over the JSON Lines of the outcomes.
   */
  readonly mode: 'recorded' | 'index';
}

/** Variants beyond the player counts, per game: those the rule files and READMEs single out. */
const NOTABLE: Readonly<Record<string, readonly Readonly<Record<string, VariantValue>>[]>> = {
  'captains-orders': [{ players: 5, handSize: 4, winsToWin: 2 }],
  'multiples-of-nine': [
    { players: 2, nineAloneOnlyToGoOut: false },
    { players: 4, handSize: 7 },
  ],
  'nine-lives': [
    { players: 4, blackCat: true },
    { players: 8, blackCat: true },
    { players: 4, teams: false },
  ],
  'nine-muses': [],
  'nine-virtues': [
    { players: 4, bidPenalty: 'double', wildOne: false, killAfterFirstLap: false },
    { players: 5, bidPenalty: 'zero', handSize: 4, centerPerPlayer: 3, rounds: 2 },
  ],
  'nines-holdem': [
    { players: 2, hands: 20 },
    { players: 6, smallBlind: 2, bigBlind: 4, maxBetsPerRound: 2 },
  ],
};

/** Every case: each game at its minimum, default and maximum player count, then its notable variants; the default variant also by index. */
function cases(): GoldenCase[] {
  const out: GoldenCase[] = [];
  for (const id of Object.keys(NOTABLE)) {
    const info = getGame(id).info;
    for (const players of [...new Set([info.minPlayers, info.defaultPlayers, info.maxPlayers])]) out.push({ id, given: { players }, mode: 'recorded' });
    for (const given of NOTABLE[id]!) out.push({ id, given, mode: 'recorded' });
    out.push({ id, given: { players: info.defaultPlayers }, mode: 'index' });
  }
  return out;
}

/** The case's key in the digest file, e.g. `nine-lives players=4 blackCat=true (greedy,random recorded)`. */
function caseKey(c: GoldenCase, variant: Variant): string {
  const game = getGame(c.id);
  const extra = Object.entries(nonDefault(game.info.params, variant))
    .filter(([k]) => k !== 'players')
    .map(([k, v]) => ` ${k}=${String(v)}`)
    .join('');
  return `${c.id} players=${String(variant.players)}${extra} (${c.mode === 'recorded' ? 'greedy,random recorded' : 'random unrecorded'})`;
}

/** Plays a case's games; returns the sha256 (hex) of their JSON Lines. */
function digest(c: GoldenCase, variant: Variant): string {
  const game = getGame(c.id);
  const P = Number(variant.players);
  const lineup = Array.from({ length: P }, (_, i) => (c.mode === 'recorded' && i % 2 === 0 ? 'greedy' : 'random'));
  const entries: Bot[] = lineup.map((text) => createBot(parseLineup(text)[0]!, game));
  const runner = new GameRunner(game, variant);
  const hash = createHash('sha256');
  for (let g = 0; g < GAMES; g++) {
    const k = g % P;
    // Rotation k: line-up entry i sits at seat (i + k) mod P.
    const seatEntry = Array.from({ length: P }, (_, s) => (s - k + P) % P);
    const bots = seatEntry.map((i) => entries[i]!);
    const names = seatEntry.map((i) => lineup[i]!);
    const o = runner.play({ seed: `golden:${g}`, rotation: k, bots, names, record: c.mode === 'recorded' });
    const line =
      c.mode === 'recorded' ? JSON.stringify(o.record) : JSON.stringify({ status: o.status, result: o.result, decisions: o.decisions, firstSeat: o.firstSeat });
    hash.update(`${line}\n`);
  }
  return hash.digest('hex');
}

interface DigestFile {
  readonly about: string;
  readonly digests: Record<string, string>;
}

it('golden trajectories: every case plays to its pinned digest', () => {
  const got: Record<string, string> = {};
  for (const c of cases()) {
    const variant = resolveGameVariant(getGame(c.id), c.given);
    const key = caseKey(c, variant);
    if (key in got) throw new Error(`golden case ${key} listed twice`);
    got[key] = digest(c, variant);
  }
  if (process.env.UPDATE_GOLDEN === '1') {
    const file: DigestFile = {
      about: `sha256 of the JSON Lines of ${GAMES} games per case (seeds golden:0..${GAMES - 1}, line-up rotation g mod P), see test/games/golden.test.ts; rewrite with: ${UPDATE_HINT}`,
      digests: got,
    };
    writeFileSync(FILE, `${JSON.stringify(file, null, 2)}\n`);
    return;
  }
  const want = (JSON.parse(readFileSync(FILE, 'utf8')) as DigestFile).digests;
  const problems: string[] = [];
  for (const [key, d] of Object.entries(got)) {
    if (!(key in want)) problems.push(`new case, not pinned: ${key}`);
    else if (want[key] !== d) problems.push(`changed: ${key}`);
  }
  for (const key of Object.keys(want)) if (!(key in got)) problems.push(`pinned case no longer played: ${key}`);
  const message =
    `${problems.length} golden case(s) differ from test/golden/digests.json:\n  ${problems.join('\n  ')}\n` +
    `If the change of behaviour is deliberate, rewrite the digests with ${UPDATE_HINT} and commit them with the change.`;
  expect(problems, message).toEqual([]);
});
