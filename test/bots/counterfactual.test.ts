/**
 * Counterfactual bots: greedy's switches (`bots/greedy/switches.ts`) turn
 * off or restrict one strategic element of each game's rules, so that
 * `match --candidate greedy --baseline greedy:bid=none` measures what the
 * element is worth on the same deals. For every switch: over games with
 * random deals, the switched bot (in every other seat, against default
 * greedy) plays only legal actions and never one using the element while
 * the rules leave another choice, where default greedy, asked the same
 * question, used it; and a short `match` through the CLI prints the paired
 * difference. Rule sections are quoted from `../shared/rules/<game>.md`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup, validateBotSpec } from '../../bots/index.js';
import type { Bot } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant, type VariantValue } from '../../src/core/variant.js';
import { actions as co } from '../../src/games/captains-orders/index.js';
import { actions as m9 } from '../../src/games/multiples-of-nine/index.js';
import { actions as nl, type NineLivesObservation, POWER_KEYS } from '../../src/games/nine-lives/index.js';
import { actions as nm } from '../../src/games/nine-muses/index.js';
import { actions as nv } from '../../src/games/nine-virtues/index.js';
import { actions as nh } from '../../src/games/nines-holdem/index.js';

/** One switch: the spec that turns the element off, and which actions use the element. */
interface SwitchCase {
  readonly game: string;
  /** The rule file's section that offers the element. */
  readonly section: string;
  /** The parameters of the switched bot (`bid=none`). */
  readonly params: string;
  /**
   * Parameters of every seat's greedy besides the switch, where the tuned
   * profile meets the element too rarely for a short test (it discovers before
   * most run-outs; it holds up to 23 cards).
   */
  readonly base?: string;
  /** What the switched bot never does, for the test's name. */
  readonly never: string;
  readonly variant: Readonly<Record<string, VariantValue>>;
  /** Games played (random deals). */
  readonly games: number;
  /** Whether action `a`, chosen with observation `obs`, uses the switched-off element. */
  uses(a: number, obs: object): boolean;
}

const D: nm.DecodedAction = { kind: 0, card: 0, arg: 0, count: 0 };
/** Nine Lives: whether `a` spends a row card whose power is not among `keys`. */
const spendsOutside =
  (keys: readonly string[]) =>
  (a: number, obs: object): boolean =>
    a >= nl.A_SPEND && a < nl.A_CARD && !keys.includes(POWER_KEYS[(obs as NineLivesObservation).powerOf[a - nl.A_SPEND]!]!);

const CASES: readonly SwitchCase[] = [
  {
    game: 'nine-virtues',
    section: 'A round',
    params: 'bid=none',
    never: 'bids',
    variant: {},
    games: 12,
    uses: (a) => a < nv.A_SWAP,
  },
  {
    game: 'nine-virtues',
    section: 'A round',
    params: 'bid=7-10',
    never: 'bids a rank below 7',
    variant: {},
    games: 12,
    uses: (a) => a < nv.A_SWAP && nv.rankOf(a) < 7,
  },
  {
    game: 'nine-virtues',
    section: 'A round',
    params: 'swap=none',
    never: 'swaps',
    variant: {},
    games: 12,
    uses: (a) => a >= nv.A_SWAP && a < nv.A_KILL,
  },
  {
    game: 'nine-virtues',
    section: 'A round',
    params: 'kill=none',
    never: 'kills',
    variant: {},
    games: 12,
    uses: (a) => a >= nv.A_KILL && a < nv.A_CALL,
  },
  {
    game: 'nine-virtues',
    section: 'Scoring a round',
    params: 'call=none',
    never: 'calls the 1 as another rank',
    variant: {},
    games: 12,
    uses: (a) => a >= nv.A_CALL && a !== nv.callId(1),
  },
  {
    game: 'captains-orders',
    section: 'A round',
    params: 'order=none',
    never: 'plays an Order',
    variant: {},
    games: 6,
    uses: (a) => a >= co.A_ORDER && a < co.A_PASS,
  },
  {
    game: 'captains-orders',
    section: 'A round',
    params: 'belay=none',
    never: 'belays',
    variant: {},
    games: 6,
    uses: (a) => a >= co.A_BELAY && a < co.A_DISCARD,
  },
  {
    game: 'captains-orders',
    section: 'A round',
    params: 'discover=none',
    never: 'discovers',
    variant: {},
    games: 6,
    uses: (a) => a >= co.A_DISCOVER && a < co.A_FOLLOW,
  },
  {
    game: 'captains-orders',
    section: 'Ending a round',
    params: 'declare=none',
    never: 'declares itself the Captain after a run-out',
    base: 'discoverDoubt=0',
    variant: {},
    games: 10,
    uses: (a) => a === co.A_DECLARE_YES,
  },
  {
    game: 'multiples-of-nine',
    section: 'Play',
    params: 'discard=none',
    never: 'discards part of its hand (it only goes out)',
    base: 'holdLimit=8,keepLimit=8',
    variant: {},
    games: 6,
    uses: (a) => a >= m9.A_DISCARD,
  },
  {
    game: 'nines-holdem',
    section: 'Dealing and betting',
    params: 'raise=none',
    never: 'raises',
    variant: { players: 3 },
    games: 4,
    uses: (a) => a === nh.A_RAISE,
  },
  {
    game: 'nines-holdem',
    section: 'Dealing and betting',
    params: 'bet=none',
    never: 'bets',
    variant: { players: 3 },
    games: 4,
    uses: (a) => a === nh.A_BET,
  },
  {
    game: 'nine-lives',
    section: 'Using a power',
    params: 'power=none',
    never: 'spends a row card for its power',
    variant: { powers: true },
    games: 6,
    uses: spendsOutside([]),
  },
  {
    game: 'nine-lives',
    section: 'Using a power',
    params: `power=${POWER_KEYS.slice(0, 22).join('+')}`,
    never: 'uses a power outside the list it is given (the first 22 keys)',
    variant: { powers: true },
    games: 6,
    uses: spendsOutside(POWER_KEYS.slice(0, 22)),
  },
  {
    game: 'nine-lives',
    section: 'Black Cat variant',
    params: 'crown=none',
    never: 'plays a crown',
    variant: { blackCat: true },
    games: 6,
    uses: (a) => a >= nl.A_CROWN && a < nl.A_SPEND,
  },
  ...(['exchange', 'call', 'demonstrate', 'toil'] as const).map(
    (kind, k): SwitchCase => ({
      game: 'nine-muses',
      section: 'A turn',
      params: `forbid=${kind}`,
      never: `chooses ${kind === 'call' ? 'to call a Muse' : kind === 'exchange' ? 'to exchange Knowledge' : `to ${kind}`}`,
      variant: {},
      games: 4,
      uses: (a) => a < nm.A_STEAL && nm.decodeId(a, D).kind === k,
    }),
  ),
];

/** A bot built from a spec, as the harness builds it (validated first). */
function bot(text: string, id: string): Bot {
  const spec = parseLineup(text)[0]!;
  validateBotSpec(spec, id);
  return createBot(spec, getGame(id));
}

/** What the games of one case showed. */
interface Tally {
  /** Decisions of the switched bot. */
  decisions: number;
  /** Its actions outside the legal list (must be none). */
  illegal: number;
  /** Its actions using the element while another legal action did not (must be none). */
  usedWithChoice: number;
  /** Decisions where default greedy, asked the same question, used the element while another legal action did not. */
  greedyUsed: number;
  /** Forfeits and faults (must be none). */
  faults: number;
}

/** Plays the case's games: the switched bot in even seats, default greedy in odd ones. */
function playCase(c: SwitchCase): Tally {
  const game = getGame(c.game);
  const variant = resolveGameVariant(game, c.variant);
  const P = Number(variant.players);
  const t: Tally = { decisions: 0, illegal: 0, usedWithChoice: 0, greedyUsed: 0, faults: 0 };
  const choice = (legal: Int32Array, n: number, obs: object): boolean => {
    for (let i = 0; i < n; i++) if (!c.uses(legal[i]!, obs)) return true;
    return false;
  };
  const greedy = c.base ? `greedy:${c.base}` : 'greedy';
  const bots = Array.from({ length: P }, (_, s): Bot => {
    if (s % 2 === 1) return bot(greedy, c.game);
    const off = bot(`greedy:${c.base ? `${c.base},` : ''}${c.params}`, c.game);
    const plain = bot(greedy, c.game);
    return {
      reset(ctx) {
        off.reset?.(ctx);
        plain.reset?.(ctx);
      },
      act(obs, legal, n, ctx) {
        const other = choice(legal, n, obs);
        if (other && c.uses(plain.act(obs, legal, n, ctx), obs)) t.greedyUsed++;
        const a = off.act(obs, legal, n, ctx);
        t.decisions++;
        if (!legal.subarray(0, n).includes(a)) t.illegal++;
        else if (other && c.uses(a, obs)) t.usedWithChoice++;
        return a;
      },
    };
  });
  const names = bots.map(() => 'greedy');
  const runner = new GameRunner(game, variant);
  for (let g = 0; g < c.games; g++) {
    const out = runner.play({ seed: `counterfactual:${c.params}:${g}`, rotation: g % P, bots, names });
    if (out.status !== 'ok' || out.faults.length > 0) t.faults++;
  }
  return t;
}

describe.each([...new Set(CASES.map((c) => c.game))])('%s: counterfactual switches of greedy', (id) => {
  it.each(CASES.filter((c) => c.game === id).map((c) => [c.section, c.base ? `${c.base},${c.params}` : c.params, c.never, c] as const))(
    '"%s": greedy:%s never %s while the rules leave another choice, and always plays a legal action',
    (_section, _params, _never, c) => {
      const t = playCase(c);
      expect(t.decisions).toBeGreaterThan(0);
      expect(t.faults, 'forfeits or faults').toBe(0);
      expect(t.illegal, 'illegal actions').toBe(0);
      expect(t.usedWithChoice, 'actions using the switched-off element while another was legal').toBe(0);
      // The switch was put to the test: default greedy used the element in these very positions.
      expect(t.greedyUsed, 'decisions where default greedy used the element').toBeGreaterThan(0);
    },
    120_000,
  );
});

describe('nines-holdem: "Dealing and betting": bluffing', () => {
  /** The records of `games` 3-player games with `spec` in every seat. */
  function records(spec: string, games: number): string[] {
    const game = getGame('nines-holdem');
    const variant = resolveGameVariant(game, { players: 3, hands: 3 });
    const bots = [0, 1, 2].map(() => bot(spec, 'nines-holdem'));
    const runner = new GameRunner(game, variant);
    return Array.from({ length: games }, (_, g) =>
      JSON.stringify(runner.play({ seed: `bluff:${g}`, rotation: g % 3, bots, names: ['g', 'g', 'g'], record: true }).record),
    );
  }

  it('a bluff bets or raises a hand no better than an average one: with bluff=none the lowest thresholds play exactly as thresholds at 0', () => {
    const loose = records('greedy:betStrength=-1,raiseStrength=-1,bluff=none', 8);
    expect(loose).toEqual(records('greedy:betStrength=0,raiseStrength=0', 8));
    // The switch is live: the same thresholds with bluffing allowed play otherwise.
    expect(records('greedy:betStrength=-1,raiseStrength=-1', 8)).not.toEqual(loose);
  });
});

describe('switch values', () => {
  it.each([
    ['nine-virtues', 'bid=1'],
    ['nine-virtues', 'bid=2-11'],
    ['nine-virtues', 'kill=x'],
    ['nine-virtues', 'swap=off'],
    ['nine-lives', 'power=no_such_power'],
    ['nine-muses', 'forbid=steal'],
    ['nines-holdem', 'raise=0'],
  ])('%s: greedy:%s is refused in one line naming the valid values', async (id, params) => {
    const { parseAndValidateLineup } = await import('../../bots/index.js');
    await expect(parseAndValidateLineup(`greedy:${params}`, getGame(id))).rejects.toThrow(/all|none|one of/);
  });
});

const MATCH = join('dist', 'src', 'cli', 'match.js');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** One short paired match per game: greedy against greedy with one element off, on the same deals. */
const MATCHES: readonly { game: string; baseline: string; games: number; variant?: string }[] = [
  { game: 'nine-virtues', baseline: 'greedy:bid=none', games: 32 },
  { game: 'captains-orders', baseline: 'greedy:discover=none', games: 40 },
  { game: 'multiples-of-nine', baseline: 'greedy:discard=none', games: 16 },
  { game: 'nines-holdem', baseline: 'greedy:raise=none', games: 24, variant: 'players=3,hands=3' },
  { game: 'nine-lives', baseline: 'greedy:power=none', games: 32, variant: 'powers=true' },
  { game: 'nine-muses', baseline: 'greedy:forbid=call', games: 24 },
];

describe('npm run match: greedy against greedy with one element switched off prints the paired difference', () => {
  it.each(MATCHES.map((m) => [m.game, m.baseline, m] as const))(
    '%s: match --candidate greedy --baseline %s',
    (_game, _baseline, m) => {
      const out = mkdtempSync(join(tmpdir(), 'ninefold-cf-'));
      dirs.push(out);
      const args = [MATCH, '--game', m.game, '--candidate', 'greedy', '--baseline', m.baseline, '--games', String(m.games), '--seed', '1', '--workers', '1'];
      if (m.variant) args.push('--variant', m.variant);
      const r = spawnSync(process.execPath, [...args, '--out', out], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(`candidate A: greedy · baseline B: ${m.baseline}`);
      // The paired difference in win share with its 95% interval.
      expect(r.stdout).toMatch(/win share per seat-game\s*│[^│]*│[^│]*│\s*[+−]?\d+\.\d points\s*│\s*[+−]?\d+\.\d to [+−]?\d+\.\d/);
      expect(r.stdout).toContain('Paired (duplicate) comparison');
      expect(r.stdout).toMatch(/^Verdict: A is /m);
    },
    180_000,
  );
});
