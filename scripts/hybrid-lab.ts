/**
 * Where does a strong bot's gain over greedy come from? (lab, not shipped)
 *
 *   node scripts/run.mjs scripts/hybrid-lab.ts GAME STRONG KINDS DEALS [FIRST]
 *
 * In each of DEALS deals (`hybrid-<g>`, g from FIRST), every rotation puts a
 * hybrid in one seat and greedy in the others: the hybrid asks STRONG (a bot
 * spec) at decisions whose greedy action is of a kind in KINDS
 * (comma-separated record `type`s, or `all`) and plays greedy's action
 * elsewhere. The baseline is greedy in every seat of the same deal. Prints the
 * paired difference of the hybrid seat's win share, deal as the unit (mean
 * over the rotations), with a 95% t interval, and the hybrid's departures.
 */
import '../src/games/index.js';
import { createBot, parseLineup } from '../bots/index.js';
import type { Bot, BotContext } from '../src/core/bot.js';
import { createRng, dealRng } from '../src/core/rng.js';
import { tQuantile } from '../src/stats/quantiles.js';
import { scriptArgs } from './learn-script-args.js';

const USAGE = 'usage: hybrid-lab.ts GAME STRONG KINDS DEALS [FIRST]';
const args = scriptArgs('hybrid-lab', USAGE);
const [gameId, strongSpec, kindsText, dealsText, firstText] = process.argv.slice(2);
const { game, variant } = args.gameOf(gameId);
const deals = args.integer(dealsText, 'DEALS', 1);
const first = firstText === undefined ? 0 : args.integer(firstText, 'FIRST', 0);
const kinds = new Set((kindsText ?? 'all').split(','));
const P = Number(variant.players);

const s = game.newState(variant);
const moves = new Map<string, number>();
const obs = game.newObservation(variant);
const legal = new Int32Array(game.numDistinctActions(variant));

function share(winners: readonly number[], seat: number): number {
  return winners.includes(seat) ? 1 / winners.length : 0;
}

/** The record type of action `a` in the state `s` holds now. */
const kindOf = (a: number): string => String((game.encodeAction(s, a) as { type?: unknown }).type ?? 'action');

/** Plays deal g with the hybrid in `hybridSeat` (-1: greedy in every seat); returns the winners and the hybrid's departures and decisions. */
function play(g: number, hybridSeat: number): { winners: readonly number[]; dep: number; asked: number } {
  const greedy: Bot[] = Array.from({ length: P }, () => createBot(parseLineup('greedy')[0]!, game));
  const strong = createBot(parseLineup(strongSpec!)[0]!, game);
  game.deal(s, dealRng(`hybrid-${g}`));
  const ctxs: BotContext[] = greedy.map((_, p) => ({ seat: p, players: P, variant, rng: createRng(`hybrid-${g}/${p}`), model: game }));
  greedy.forEach((b, p) => b.reset?.(ctxs[p]!));
  const sctx: BotContext = { seat: Math.max(hybridSeat, 0), players: P, variant, rng: createRng(`hybrid-${g}/strong/${hybridSeat}`), model: game };
  if (hybridSeat >= 0) strong.reset?.(sctx);
  let dep = 0;
  let asked = 0;
  while (!game.isTerminal(s)) {
    const seat = game.currentSeat(s);
    const n = game.legalActions(s, legal);
    game.observe(s, seat, obs);
    let a = greedy[seat]!.act(obs, legal, n, ctxs[seat]!);
    if (seat === hybridSeat && n > 1) {
      const kind = kindOf(a);
      if (kinds.has('all') || kinds.has(kind)) {
        asked++;
        const b = strong.act(obs, legal, n, sctx);
        if (b !== a) {
          dep++;
          const key = `${kind}->${kindOf(b)}`;
          moves.set(key, (moves.get(key) ?? 0) + 1);
        }
        a = b;
      }
    }
    game.apply(s, a);
  }
  return { winners: game.result(s).winners, dep, asked };
}

const diffs: number[] = [];
let dep = 0;
let asked = 0;
const t0 = Date.now();
for (let g = first; g < first + deals; g++) {
  const base = play(g, -1).winners;
  let d = 0;
  for (let seat = 0; seat < P; seat++) {
    const r = play(g, seat);
    d += share(r.winners, seat) - share(base, seat);
    dep += r.dep;
    asked += r.asked;
  }
  diffs.push(d / P);
}
const n = diffs.length;
const mean = diffs.reduce((x, y) => x + y, 0) / n;
const sd = Math.sqrt(diffs.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, n - 1));
const half = n > 1 ? (tQuantile(0.975, n - 1) * sd) / Math.sqrt(n) : Number.NaN;
console.log(
  `${game.info.id} ${strongSpec} at [${[...kinds].join(',')}]: ${n} deals, hybrid - greedy ${(100 * mean).toFixed(1)} points [${(100 * (mean - half)).toFixed(1)}, ${(100 * (mean + half)).toFixed(1)}], departures ${dep}/${asked}, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);
console.log(
  [...moves.entries()]
    .sort((x, y) => y[1] - x[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', '),
);
