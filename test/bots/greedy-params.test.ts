/**
 * Greedy's parameters (docs/bots.md, "Greedy's parameters") for Captain's
 * Orders, Multiples of Nine, Nines Hold'em and Nine Virtues: every weight and
 * threshold of the greedy heuristic is a declared parameter
 * (`greedy:holdLimit=12`) whose default is the heuristic as it was. For each
 * game: all defaults given explicitly play the very games plain `greedy`
 * plays; a non-default value of each parameter changes some decision; a value
 * out of range, a non-integer for an integer, or an unknown key is a
 * BotSpecError. (Nine Lives and Nine Muses, over several variants each:
 * greedy-params-variants.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { BotSpecError } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant, type VariantValue } from '../../src/core/variant.js';
import { createBot, getBotKind, parseLineup, validateBotSpec } from '../../bots/index.js';

interface Case {
  readonly id: string;
  /** The variant played (small where games are long). */
  readonly given: Readonly<Record<string, VariantValue>>;
  /** Games played per comparison. */
  readonly games: number;
  /** The declared parameters, in order. */
  readonly keys: readonly string[];
  /** Per parameter, a value that changes at least one decision in `games` games. */
  readonly live: Readonly<Record<string, string>>;
  /** Values the spec must refuse. */
  readonly bad: readonly string[];
}

const CASES: readonly Case[] = [
  {
    id: 'captains-orders',
    given: {},
    games: 10,
    keys: ['discoverDoubt'],
    live: { discoverDoubt: '3' },
    bad: ['discoverDoubt=-1', 'discoverDoubt=46', 'discoverDoubt=1.5', 'holdLimit=15', 'doubt=1'],
  },
  {
    id: 'multiples-of-nine',
    given: {},
    games: 12,
    keys: ['holdLimit', 'keepLimit'],
    live: { holdLimit: '10', keepLimit: '9' },
    bad: ['holdLimit=0', 'holdLimit=53', 'keepLimit=12.5', 'keepLimit=x', 'leak=0.1', 'hold=12'],
  },
  {
    id: 'nines-holdem',
    given: { players: 3, hands: 6 },
    games: 6,
    keys: ['equitySamples', 'betStrength', 'raiseStrength', 'callMargin'],
    live: { equitySamples: '40', betStrength: '0.5', raiseStrength: '0.05', callMargin: '0.15' },
    bad: ['equitySamples=0', 'equitySamples=100001', 'equitySamples=2.5', 'betStrength=1.5', 'raiseStrength=-2', 'callMargin=2', 'EQUITY_SAMPLES=300'],
  },
  {
    id: 'nine-virtues',
    given: {},
    games: 12,
    keys: ['leak', 'denial', 'wild'],
    live: { leak: '0.4', denial: '0.5', wild: '0' },
    bad: ['leak=-0.1', 'leak=1.5', 'denial=11', 'wild=51', 'discoverDoubt=1'],
  },
];

/** The records (JSON) of `games` games with `spec` at every seat; every run names its seats alike, so records compare. */
function play(c: Case, spec: string): string[] {
  const game = getGame(c.id);
  const variant = resolveGameVariant(game, c.given);
  const P = Number(variant.players);
  const bots = Array.from({ length: P }, () => createBot(parseLineup(spec)[0]!, game));
  const names = Array.from({ length: P }, () => 'greedy');
  const runner = new GameRunner(game, variant);
  return Array.from({ length: c.games }, (_, g) =>
    JSON.stringify(runner.play({ seed: `greedy-params:${g}`, rotation: g % P, bots, names, record: true }).record),
  );
}

for (const c of CASES) {
  describe(`${c.id}: greedy's parameters`, () => {
    const declared = getBotKind('greedy').paramsFor!(c.id);
    // The weights and thresholds; the counterfactual switches (`bots/greedy/switches.ts`) are tested in counterfactual.test.ts.
    const weights = declared.filter((p) => p.kind === 'int' || p.kind === 'float');
    let plain: string[] | null = null;
    const plainGames = (): string[] => (plain ??= play(c, 'greedy'));

    it('every weight and threshold is a declared parameter, with a doc and a tuning range within its bounds', () => {
      expect(weights.map((p) => p.key)).toEqual(c.keys);
      for (const p of weights) {
        expect(p.doc.length, p.key).toBeGreaterThan(20);
        expect(p.default, p.key).toBeGreaterThanOrEqual(p.min);
        expect(p.default, p.key).toBeLessThanOrEqual(p.max);
        expect(p.tune, p.key).toBeDefined();
        expect(p.tune!.min, p.key).toBeGreaterThanOrEqual(p.min);
        expect(p.tune!.max, p.key).toBeLessThanOrEqual(p.max);
        expect(p.tune!.min <= p.default && p.default <= p.tune!.max, `${p.key}: default within the tuning range`).toBe(true);
      }
    });

    it('all defaults given explicitly play the games plain greedy plays', () => {
      const explicit = `greedy:${declared.map((p) => `${p.key}=${p.default}`).join(',')}`;
      validateBotSpec(parseLineup(explicit)[0]!, c.id);
      expect(play(c, explicit)).toEqual(plainGames());
    }, 60_000);

    it.each(c.keys)(
      'a non-default %s changes some decision',
      (key) => {
        const changed = play(c, `greedy:${key}=${c.live[key]!}`);
        expect(changed.some((r, g) => r !== plainGames()[g])).toBe(true);
      },
      60_000,
    );

    it.each(c.bad)('greedy:%s is a BotSpecError', (param) => {
      expect(() => validateBotSpec(parseLineup(`greedy:${param}`)[0]!, c.id)).toThrow(BotSpecError);
    });
  });
}
