/**
 * Balance figures of a Nine Muses card file (`src/games/nine-muses/README.md`):
 * plays games with the given bots, rotating the line-up through the seats,
 * and prints win shares (by bot and by seat), games/s and the per-game
 * averages of `nineMusesStats`.
 *
 * Usage (after `npm run build`):
 *   node dist/scripts/nine-muses-balance.js [--cards PATH] [--players 3]
 *        [--games 2000] [--lineup greedy,random,random] [--seed nm] [--choices]
 * Bots: `random`, `greedy`, and `greedy-no-<kind>` (greedy that avoids one
 * action kind: exchange, call, demonstrate, toil) for "no dominant action"
 * experiments. `--choices` lists what the first line-up entry chose per game.
 */
import type { Bot, BotContext } from '../src/core/index.js';
import { createRng } from '../src/core/rng.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { actions, nineMusesStats, DEFAULT_CARDS, nineMuses as game, type NineMusesObservation } from '../src/games/nine-muses/index.js';
import { randomBot } from '../bots/random.js';
import { createNineMusesHeuristic, DEFAULT_WEIGHTS } from '../bots/greedy/nine-muses.js';

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

const KINDS = ['exchange', 'call', 'demonstrate', 'toil'];
/** Choices of the first line-up entry by Philosopher option / action kind. */
const chosen = new Map<string, number>();
const D: actions.DecodedAction = { kind: 0, card: 0, arg: 0, count: 0 };

function baseBot(name: string): Bot<NineMusesObservation> {
  if (name === 'random') return randomBot.create({}, game);
  if (name === 'greedy') return createNineMusesHeuristic();
  const m = /^greedy-no-(\w+)$/.exec(name);
  if (m && KINDS.includes(m[1]!)) return createNineMusesHeuristic({ ...DEFAULT_WEIGHTS, forbid: [KINDS.indexOf(m[1]!)] });
  throw new Error(`unknown bot ${name}`);
}

/** Wraps a bot to count its choices. */
function counting(b: Bot<NineMusesObservation>): Bot<NineMusesObservation> {
  return {
    act(o, legal, n, ctx) {
      const a = b.act(o, legal, n, ctx);
      const d = actions.decodeId(a, D);
      const card = d.kind === 4 ? '' : o.cards.philosophers[d.card]!.name;
      const key = d.kind === 0 ? `exchange ${card} #${d.arg}` : d.kind === 4 ? 'steal' : `${KINDS[d.kind]} with ${card}`;
      chosen.set(key, (chosen.get(key) ?? 0) + 1);
      return a;
    },
  };
}

const cards = arg('cards', DEFAULT_CARDS);
const players = Number(arg('players', '3'));
const games = Number(arg('games', '2000'));
const seed = arg('seed', 'nm');
const lineup = arg('lineup', Array(players).fill('random').join(',')).split(',');
if (lineup.length !== players) throw new Error(`line-up of ${lineup.length} bots for ${players} players`);
const variant = resolveGameVariant(game, { players, cards });
const bots = lineup.map((name, i) => (i === 0 ? counting(baseBot(name)) : baseBot(name)));
const state = game.newState(variant);
const obs = Array.from({ length: players }, () => game.newObservation(variant));
const legal = new Int32Array(game.numDistinctActions(variant));
const wins = new Float64Array(players);
const seatWins = new Float64Array(players);
const vp = new Float64Array(players);
const agg = { aristotle: [0, 0, 0], muse: 0, exchange: 0, called: 0, stolen: 0, mix: [0, 0, 0, 0, 0] };
const museFigures = new Map<string, [number, number, number]>();
const t0 = performance.now();
for (let g = 0; g < games; g++) {
  // seat s holds line-up entry (s + rot) % P
  const rot = g % players;
  const who = (s: number): number => (s + rot) % players;
  const ctx: BotContext<NineMusesObservation>[] = Array.from({ length: players }, (_, s) => ({
    seat: s,
    players,
    variant,
    rng: createRng(`${seed}:${g}/s${s}`),
    model: game,
  }));
  game.deal(state, createRng(`${seed}:${g}`));
  while (!game.isTerminal(state)) {
    const s = game.currentSeat(state);
    const n = game.legalActions(state, legal);
    const bot = bots[who(s)]!;
    if (bot.observes !== false) game.observe(state, s, obs[s]!);
    game.apply(state, bot.act(obs[s]!, legal, n, ctx[s]!));
  }
  const r = game.result(state);
  for (let s = 0; s < players; s++) {
    if (r.winners.includes(s)) {
      wins[who(s)]! += 1 / r.winners.length;
      seatWins[s]! += 1 / r.winners.length;
    }
    vp[who(s)]! += r.scores[s]!;
  }
  const st = nineMusesStats(state);
  for (const s of st.seats) {
    agg.aristotle[0]! += s.vpBySource.aristotle.craft;
    agg.aristotle[1]! += s.vpBySource.aristotle.science;
    agg.aristotle[2]! += s.vpBySource.aristotle.ethics;
    agg.muse += s.vpBySource.muse;
    agg.exchange += s.vpBySource.exchange;
    agg.called += s.musesCalled;
    agg.stolen += s.musesStolen;
    agg.mix[0]! += s.actions.exchange;
    agg.mix[1]! += s.actions.call;
    agg.mix[2]! += s.actions.demonstrate;
    agg.mix[3]! += s.actions.toil;
    agg.mix[4]! += s.actions.steal;
  }
  for (const m of st.muses) {
    const e = museFigures.get(m.name) ?? [0, 0, 0];
    e[0] += m.called;
    e[1] += m.stolen;
    e[2] += m.vp;
    museFigures.set(m.name, e);
  }
}
const secs = (performance.now() - t0) / 1000;
const f = (x: number): string => (x / games).toFixed(2);
const pg = (x: number): string => (x / games / players).toFixed(2);
console.log(`${games} games, ${players}p, cards=${cards}, ${(games / secs).toFixed(0)} games/s`);
lineup.forEach((b, i) => console.log(`  ${b.padEnd(20)} win share ${(wins[i]! / games).toFixed(3)}  mean VP ${f(vp[i]!)}`));
console.log(`  win share by seat: ${Array.from(seatWins, (w) => (w / games).toFixed(3)).join(' ')}`);
console.log(
  `per seat per game: VP aristotle craft ${pg(agg.aristotle[0]!)} science ${pg(agg.aristotle[1]!)} ethics ${pg(agg.aristotle[2]!)} muse ${pg(agg.muse)} exchange ${pg(agg.exchange)}`,
);
console.log(
  `  muses called ${pg(agg.called)} stolen ${pg(agg.stolen)}; actions exchange ${pg(agg.mix[0]!)} call ${pg(agg.mix[1]!)} demonstrate ${pg(agg.mix[2]!)} toil ${pg(agg.mix[3]!)} steal-tokens ${pg(agg.mix[4]!)}`,
);
for (const [name, [c, s, v]] of museFigures) console.log(`  ${name.padEnd(12)} called ${f(c)} stolen ${f(s)} vp ${f(v)}`);
if (process.argv.includes('--choices')) {
  console.log(`choices of ${lineup[0]} per game:`);
  for (const [k, v] of [...chosen].sort()) console.log(`  ${k.padEnd(36)} ${f(v)}`);
}
