/**
 * The conformance suite every registered game passes (OpenSpiel's
 * basic_tests, TAG's forward-model tester): termination within the declared
 * bound, legal actions sorted / in range / non-empty, deterministic traces,
 * deep and independent clones, observation and determinization consistency,
 * and records that replay exactly.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/core/rng.js';
import { replayRecord } from '../src/core/replay.js';
import { gameIds, getGame } from '../src/core/registry.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { legalList, playOut, recordedRandomGame, snapshot, suiteVariants } from './helpers.js';

const GAMES_PER_VARIANT = 150;

for (const id of gameIds()) {
  const game = getGame(id);
  const playerCounts = [...new Set([game.info.minPlayers, game.info.defaultPlayers, game.info.maxPlayers])];
  describe(`conformance: ${id}`, () => {
    for (const players of playerCounts) for (const extra of suiteVariants(id)) {
      let variant: ReturnType<typeof resolveGameVariant>;
      try {
        variant = resolveGameVariant(game, { ...extra.given, players });
      } catch {
        continue; // e.g. Black Cat at 9 players
      }
      const tag = `${players} players${extra.label}`;

      const decodes = game.legalCount !== undefined && game.legalAt !== undefined;
      it(`${tag}: random playouts end within maxDecisions; legal actions non-empty, ascending, in range${decodes ? '; legalCount and legalAt agree with them' : ''}`, () => {
        const K = game.numDistinctActions(variant);
        expect(game.legalCount === undefined).toBe(game.legalAt === undefined);
        for (let g = 0; g < GAMES_PER_VARIANT; g++) {
          const s = game.newState(variant);
          game.deal(s, createRng(`conf-${g}`));
          playOut(game, s, createRng(`bot-${g}`), (st, legal, n) => {
            // Plain checks (not expect) on this hot loop; a failure names the game and step.
            const seat = game.currentSeat(st);
            if (n <= 0) throw new Error(`${id} game ${g}: no legal action`);
            if (!(seat >= 0 && seat < players)) throw new Error(`${id} game ${g}: current seat ${seat}`);
            for (let i = 0; i < n; i++) {
              const a = legal[i]!;
              if (!(a >= 0 && a < K)) throw new Error(`${id} game ${g}: action ${a} out of range`);
              if (i > 0 && a <= legal[i - 1]!) throw new Error(`${id} game ${g}: legal actions not ascending`);
            }
            if (decodes) {
              const c = game.legalCount!(st);
              if (c !== n) throw new Error(`${id} game ${g}: legalCount ${c}, legalActions listed ${n}`);
              for (let i = 0; i < n; i++) {
                const a = game.legalAt!(st, i);
                if (a !== legal[i]) throw new Error(`${id} game ${g}: legalAt(${i}) = ${a}, legalActions listed ${legal[i]}`);
              }
            }
          });
          const r = game.result(s);
          expect(r.scores).toHaveLength(players);
          for (const w of r.winners) expect(w >= 0 && w < players).toBe(true);
        }
      });

      it(`${tag}: the same seed and actions give the same record`, () => {
        const a = recordedRandomGame(game, variant, 'same-seed', 'bots');
        const b = recordedRandomGame(game, variant, 'same-seed', 'bots');
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
        const c = recordedRandomGame(game, variant, 'other-seed', 'bots');
        expect(JSON.stringify(c.rounds[0])).not.toBe(JSON.stringify(a.rounds[0]));
      });

      it(`${tag}: records replay to the identical game`, () => {
        for (let g = 0; g < 40; g++) {
          const rec = recordedRandomGame(game, variant, `rec-${g}`, `recbot-${g}`);
          const line = JSON.parse(JSON.stringify(rec));
          expect(JSON.stringify(replayRecord(game, line))).toBe(JSON.stringify(rec));
        }
      });

      it(`${tag}: clone is deep and independent`, () => {
        const rng = createRng('clone');
        for (let g = 0; g < 30; g++) {
          const s = game.newState(variant);
          game.deal(s, createRng(`clone-${g}`));
          const steps = rng.int(30);
          for (let i = 0; i < steps && !game.isTerminal(s); i++) {
            const l = legalList(game, s);
            game.apply(s, l[rng.int(l.length)]!);
          }
          if (game.isTerminal(s)) continue;
          const before = { legal: legalList(game, s), obs: Array.from({ length: players }, (_, p) => snapshot(game.observe(s, p, game.newObservation(variant)))) };
          const c = game.clone(s);
          expect(legalList(game, c)).toEqual(before.legal);
          playOut(game, c, createRng(`clone-play-${g}`));
          const after = { legal: legalList(game, s), obs: Array.from({ length: players }, (_, p) => snapshot(game.observe(s, p, game.newObservation(variant)))) };
          expect(after).toEqual(before);
        }
      });

      it(`${tag}: observe(determinize(observe(s, p)), p) equals observe(s, p), and the sample plays on`, () => {
        const rng = createRng('det');
        for (let g = 0; g < 60; g++) {
          const s = game.newState(variant);
          game.deal(s, createRng(`det-${g}`));
          const steps = rng.int(60);
          for (let i = 0; i < steps && !game.isTerminal(s); i++) {
            const l = legalList(game, s);
            game.apply(s, l[rng.int(l.length)]!);
          }
          if (game.isTerminal(s)) continue;
          const p = rng.int(players);
          const o = game.observe(s, p, game.newObservation(variant));
          const want = snapshot(o);
          const d = game.determinize(o, createRng(`det-sample-${g}`), game.newState(variant));
          expect(snapshot(game.observe(d, p, game.newObservation(variant)))).toEqual(want);
          expect(snapshot(o)).toEqual(want);
          expect(legalList(game, d).length).toBeGreaterThan(0);
          if (game.currentSeat(s) === p) expect(legalList(game, d)).toEqual(legalList(game, s));
          playOut(game, d, createRng(`det-play-${g}`));
        }
      });
    }
  });
}
