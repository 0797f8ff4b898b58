/**
 * Expert Iteration's self-play (Anthony, Tian and Barber, "Thinking Fast and
 * Slow with Deep Learning and Tree Search", NeurIPS 2017; AlphaZero's
 * self-play, Silver et al., Science 362, 2018): the net-guided search plays
 * every seat; each decision becomes a sample whose policy target is the
 * root's visit counts and whose value target is every seat's outcome. A
 * seat's first `exploreMoves` decisions are searched with Dirichlet noise
 * on the root's priors, and the move played is drawn in proportion to the
 * visits (AlphaZero's temperature 1); later ones play the most visited
 * child. Episode i of a run is a function of (seed, i, the search's specs)
 * alone, so a chunk gives the same samples on any thread.
 */
import type { Bot, BotContext } from '../core/bot.js';
import { getGame } from '../core/registry.js';
import { createRng, dealRng, gameSeed, type Rng } from '../core/rng.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { NetInput } from '../nn/net-input.js';
import { RoundLabels } from './round-values.js';
import { PackBuilder, type SamplePack } from './sample-pack.js';
import type { SearchSelfPlay, SelfPlayTask } from './selfplay.js';
import { utilities } from './utility.js';

/** A search bot that can say what its last search thought of each legal action (`IsmctsBot.rootVisits`). */
interface SearchExpert {
  rootVisits(legal: Int32Array, count: number, out: Float32Array, at: number): number;
  /** Iterations its last decision ran. */
  readonly lastIterations: number;
}

function isSearch(bot: Bot): bot is Bot & SearchExpert {
  return typeof (bot as Partial<SearchExpert>).rootVisits === 'function' && typeof (bot as Partial<SearchExpert>).lastIterations === 'number';
}

/**
 * Plays a chunk of Expert Iteration's self-play episodes (`task.search` set).
 * @returns their samples, in episode order: every decision, its policy target the root's visits (1 on the only action when there was no search).
 * @throws Error when the game has no tensor, or a spec is not a search with root visits.
 */
export function playSearchEpisodes(task: SelfPlayTask & { readonly search: SearchSelfPlay }): SamplePack {
  const game = getGame(task.gameId);
  const v = task.variant;
  if (!game.tensor) throw new Error(`${task.gameId} has no observation tensor`);
  const input = new NetInput(game, v, task.arch);
  const N = task.arch.inputSize;
  const F = task.arch.head.kind === 'feature' ? task.arch.head.featureSize : 0;
  const s = game.newState(v);
  const obs = game.newObservation(v);
  const legal = new Int32Array(game.numDistinctActions(v));
  const P = s.players;
  const util = new Float64Array(P);
  const out = new PackBuilder(N, F, P, task.count, false, true);
  const rounds = task.arch.valueTarget ? new RoundLabels(game, P, task.arch.valueTarget.scale) : null;
  if (rounds) out.labelValuesByRound();
  const perSeat = (spec: string): Bot[] => Array.from({ length: P }, () => createBot(parseLineup(spec)[0]!, game));
  const explorers = perSeat(task.search.explore);
  const players = perSeat(task.search.play);
  for (const b of [...explorers, ...players])
    if (!isSearch(b)) throw new Error(`${task.search.play}: Expert Iteration needs a search bot with root visit counts (ismcts)`);
  const baseBots: Bot[] | null = task.arch.base ? perSeat(task.arch.base) : null;
  const botRngs: Rng[] = [];
  const ctxs: BotContext[] = [];
  for (let p = 0; p < P; p++) {
    botRngs.push(createRng('unused'));
    ctxs.push({ seat: p, players: P, variant: v, rng: botRngs[p]!, model: game });
  }
  const movesOf = new Int32Array(P);
  let iterations = 0;

  for (let e = 0; e < task.count; e++) {
    const dealSeed = gameSeed(`${task.seed}/episode`, task.first + e);
    const explore = createRng(`${dealSeed}/explore`);
    for (let p = 0; p < P; p++) botRngs[p]!.seed(`${dealSeed}/bot/${p}`);
    movesOf.fill(0);
    game.deal(s, dealRng(dealSeed));
    rounds?.begin(s);
    for (let p = 0; p < P; p++) {
      explorers[p]!.reset?.(ctxs[p]!);
      players[p]!.reset?.(ctxs[p]!);
      if (baseBots) baseBots[p]!.reset?.(ctxs[p]!);
    }
    while (!game.isTerminal(s)) {
      const seat = game.currentSeat(s);
      const n = game.legalActions(s, legal);
      game.observe(s, seat, obs);
      const exploring = movesOf[seat]! < task.search.exploreMoves;
      movesOf[seat]!++;
      const bot = (exploring ? explorers : players)[seat]! as Bot & SearchExpert;
      const baseAction = !baseBots ? -1 : n === 1 ? legal[0]! : baseBots[seat]!.act(obs, legal, n, ctxs[seat]!);
      input.write(obs, legal, n, baseAction);
      out.begin(input.x, legal, n, input.features);
      const at = out.legalAt;
      const policy = out.policy!.data;
      const a = bot.act(obs, legal, n, ctxs[seat]!);
      const total = bot.rootVisits(legal, n, policy, at);
      iterations += bot.lastIterations;
      let k = legal.subarray(0, n).indexOf(a);
      if (total <= 0) {
        for (let j = 0; j < n; j++) policy[at + j] = j === k ? 1 : 0;
      } else if (exploring) {
        // Temperature 1: the move in proportion to the root's visits.
        let r = explore.next() * total;
        for (let j = 0; j < n; j++) {
          r -= policy[at + j]!;
          if (r < 0) {
            k = j;
            break;
          }
        }
      }
      out.end(n, k, seat, 0);
      game.apply(s, legal[k]!);
      rounds?.after(s, out);
    }
    utilities(game, s, task.scoreScale, util);
    let sum = 0;
    for (let p = 0; p < P; p++) sum += util[p]!;
    out.finish(util, sum / P);
  }
  return { ...out.build(), searchIterations: iterations };
}
