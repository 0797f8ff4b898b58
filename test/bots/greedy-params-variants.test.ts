/**
 * Greedy's parameters (docs/bots.md, "Greedy's parameters") for Nine Lives
 * (with and without Black Cat and Powers) and Nine Muses (2 to 4 players),
 * each parameter live in at least one of the variants: greedy's weights and
 * thresholds are declared parameters. `greedy` given every default
 * explicitly plays the very games plain `greedy` plays; a non-default value
 * of each parameter (the end of its tuning range farthest from the default)
 * changes at least one decision; a value out of range, a fraction for an
 * integer, or a key the game's heuristic does not declare is a
 * BotSpecError; and `npm run tourney -- --help` lists each game's greedy
 * parameters with their defaults.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, getBotKind, parseLineup, validateBotSpec } from '../../bots/index.js';
import { botParamsFor } from '../../bots/spec.js';
import { type Bot, type BotParam, BotSpecError } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant, type VariantValue } from '../../src/core/variant.js';

/** The variants played per game: each parameter must be live in at least one of them. */
const VARIANTS: Readonly<Record<string, readonly { label: string; given: Record<string, VariantValue> }[]>> = {
  'nine-lives': [
    { label: 'base game', given: {} },
    { label: 'blackCat', given: { blackCat: true } },
    { label: 'powers', given: { powers: true } },
    { label: 'powers + blackCat', given: { powers: true, blackCat: true, powerDeal: 'uniform' } },
    { label: '3 players, powers', given: { players: 3, powers: true } },
    { label: '6 players, powers', given: { players: 6, powers: true } },
  ],
  'nine-muses': [
    { label: '3 players', given: {} },
    { label: '2 players', given: { players: 2 } },
    { label: '4 players', given: { players: 4 } },
  ],
};

const greedyParams = (id: string): readonly BotParam[] => botParamsFor(getBotKind('greedy'), id);
/** The weights and thresholds: the numeric parameters (the counterfactual switches, `bots/greedy/switches.ts`, are tested in counterfactual.test.ts). */
const weightParams = (id: string): readonly BotParam[] => greedyParams(id).filter((p) => p.kind === 'int' || p.kind === 'float');

/** A bot built from a spec, as the harness builds it (validated first). */
function bot(text: string, id: string): Bot {
  const spec = parseLineup(text)[0]!;
  validateBotSpec(spec, id);
  return createBot(spec, getGame(id));
}

/** The records of `games` games with `text` in every even seat and random in the odd ones (names fixed, so two specs compare). */
function records(text: string, id: string, given: Record<string, VariantValue>, games: number): string[] {
  const game = getGame(id);
  const variant = resolveGameVariant(game, given);
  const P = Number(variant.players);
  const names = Array.from({ length: P }, (_, s) => (s % 2 === 0 ? 'greedy' : 'random'));
  const bots = names.map((n) => (n === 'greedy' ? bot(text, id) : bot('random', id)));
  const runner = new GameRunner(game, variant);
  const out: string[] = [];
  for (let g = 0; g < games; g++) out.push(JSON.stringify(runner.play({ seed: `greedy-params:${g}`, rotation: g % P, bots, names, record: true }).record));
  return out;
}

/** The non-default value tried for a numeric parameter: the end of its tuning range farthest from the default. */
function altValue(p: BotParam): number {
  if (p.kind === 'enum' || p.kind === 'text') throw new Error(`${p.key}: numeric parameters only here`);
  const t = p.tune ?? { min: p.min, max: p.max };
  return Math.abs(t.max - p.default) >= Math.abs(p.default - t.min) ? t.max : t.min;
}

/**
 * Plays up to `games` games per variant with default greedy in every seat,
 * asking at every decision also a greedy with `key=value`; returns the label
 * of the first variant where the two disagreed, or null.
 */
function firstDisagreement(id: string, key: string, value: number, games: number): string | null {
  const game = getGame(id);
  for (const { label, given } of VARIANTS[id]!) {
    const variant = resolveGameVariant(game, given);
    const P = Number(variant.players);
    let differs = false;
    const probes: Bot[] = Array.from({ length: P }, () => {
      const base = bot('greedy', id);
      const alt = bot(`greedy:${key}=${value}`, id);
      return {
        act(obs, legal, n, ctx) {
          const a = base.act(obs, legal, n, ctx);
          if (alt.act(obs, legal, n, ctx) !== a) differs = true;
          return a;
        },
      };
    });
    const names = probes.map(() => 'greedy');
    const runner = new GameRunner(game, variant);
    for (let g = 0; g < games && !differs; g++) runner.play({ seed: `greedy-live:${g}`, rotation: g % P, bots: probes, names });
    if (differs) return label;
  }
  return null;
}

for (const id of Object.keys(VARIANTS)) {
  describe(`${id}: greedy's weights are parameters`, () => {
    it('declares every weight numeric, with a tuning range inside its hard range and the default inside both', () => {
      const params = weightParams(id);
      expect(params.length).toBeGreaterThan(0);
      for (const p of params) {
        if (p.kind === 'enum' || p.kind === 'text') throw new Error(`${p.key}: not numeric`);
        expect(p.doc.length, p.key).toBeGreaterThan(10);
        expect(p.default, p.key).toBeGreaterThanOrEqual(p.min);
        expect(p.default, p.key).toBeLessThanOrEqual(p.max);
        expect(p.tune, p.key).toBeDefined();
        expect(p.tune!.min, p.key).toBeGreaterThanOrEqual(p.min);
        expect(p.tune!.max, p.key).toBeLessThanOrEqual(p.max);
        expect(p.tune!.min, p.key).toBeLessThan(p.tune!.max);
        // A trainer starts from the default, clamped into the tuning range: keep it inside.
        expect(p.default, p.key).toBeGreaterThanOrEqual(p.tune!.min);
        expect(p.default, p.key).toBeLessThanOrEqual(p.tune!.max);
        if (p.tune!.scale === 'log') expect(p.tune!.min, p.key).toBeGreaterThan(0);
      }
      expect(new Set(greedyParams(id).map((p) => p.key)).size).toBe(greedyParams(id).length);
    });

    it.each(VARIANTS[id]!.map((v) => [v.label, v.given] as const))(
      'greedy with every default given explicitly plays the games plain greedy plays (%s)',
      (_label, given) => {
        const explicit = `greedy:${greedyParams(id)
          .map((p) => `${p.key}=${p.default}`)
          .join(',')}`;
        const a = records(explicit, id, given, 6);
        const b = records('greedy', id, given, 6);
        expect(a).toEqual(b);
      },
    );

    it.each(weightParams(id).map((p) => [p.key, altValue(p)] as const))('%s=%s changes at least one decision (the parameter is live)', (key, value) => {
      expect(firstDisagreement(id, key, value, 12), `greedy:${key}=${value} chose as default greedy at every decision`).not.toBeNull();
    });

    it('an out-of-range value, a fraction for an integer, or an unknown key is a BotSpecError', () => {
      const spec = (text: string) => () => validateBotSpec(parseLineup(text)[0]!, id);
      for (const p of greedyParams(id)) {
        if (p.kind === 'enum' || p.kind === 'text') continue;
        expect(spec(`greedy:${p.key}=${p.min - 1}`), `${p.key} below its minimum`).toThrow(BotSpecError);
        expect(spec(`greedy:${p.key}=${p.max + 1}`), `${p.key} above its maximum`).toThrow(BotSpecError);
        expect(spec(`greedy:${p.key}=x`), `${p.key} not a number`).toThrow(BotSpecError);
        if (p.kind === 'int') expect(spec(`greedy:${p.key}=0.5`), `${p.key} a fraction`).toThrow(BotSpecError);
        expect(spec(`greedy:${p.key}=${p.min}`)).not.toThrow();
        expect(spec(`greedy:${p.key}=${p.max}`)).not.toThrow();
      }
      expect(spec('greedy:nosuch=1')).toThrow(/unknown parameter 'nosuch' for bot greedy in/);
      // Parameters are per game: Nine Virtues' leak is no weight of these heuristics.
      expect(spec('greedy:leak=0.1')).toThrow(BotSpecError);
    });
  });
}

describe('npm run tourney -- --help lists greedy parameters per game', () => {
  it('one line per game with its own parameters and their defaults', () => {
    const r = spawnSync(process.execPath, [join('dist', 'src', 'cli', 'tourney.js'), '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    // yargs wraps the epilogue: compare with the line breaks joined.
    const help = r.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('in nine-virtues: leak=0.12, denial=0, wild=3');
    expect(help).toContain(
      `in nine-lives: ${greedyParams('nine-lives')
        .map((p) => `${p.key}=${p.default}`)
        .join(', ')}`,
    );
    // A game's tuned profile (bots/profiles) is what the help lists as the default.
    expect(help).toContain('in nine-muses: tokenRisk=1.5, keep=1.295, deny=0.2874, cardCost=0.1293');
    expect(help).toContain('in captains-orders: discoverDoubt=38');
  });
});
