/**
 * The line-ups of the commands, validated into spec entries (`Entry`): each
 * bot parsed and built once (`parseAndValidateLineup`), named as tables name
 * it, its reproducibility known from then on; and the table size they fix.
 */
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../core/variant.js';
import { botLabel, checkLineupVariant, getBotKind, parseAndValidateLineup } from '../../bots/index.js';
import { defaultLineup } from './options.js';
import type { Entry } from './run-spec.js';

/** A built-in bot the seed decides, as an entry (a default seat's greedy or random). */
function builtIn(bot: string): Entry {
  return { bot, label: bot, reproducible: true };
}

/**
 * A line-up's entries: every bot validated for the game (`parseAndValidateLineup`),
 * named as tables name it (`botLabel`: a tuned bot by its `tuned.json`).
 * @throws BotSpecError naming a bad bot.
 */
export async function lineupEntries(text: string, game: AnyGame, loadMs: number): Promise<Entry[]> {
  const specs = await parseAndValidateLineup(text, game, loadMs);
  return specs.map((s) => ({ bot: s.text, label: botLabel(s.text), reproducible: s.reproducible }));
}

/**
 * Checks that a line-up of `seats` bots fits the table and sets `players` to it.
 * @param given the parsed `--variant`.
 * @param what the line-up in words, for the messages ("a line-up of 3 bots", "2 opponents").
 * @throws UsageError when `--variant players` says otherwise, or the game has no table of that size.
 */
function fitTable(game: AnyGame, given: Record<string, VariantValue>, seats: number, what: string, has: string): void {
  if (given.players !== undefined && Number(given.players) !== seats) throw new UsageError(`--variant players=${String(given.players)} does not fit ${what}`);
  if (seats < game.info.minPlayers || seats > game.info.maxPlayers)
    throw new UsageError(`${game.info.id} is for ${game.info.minPlayers}-${game.info.maxPlayers} players; ${has}`);
  given.players = seats;
}

/**
 * The other seats of a table and the table size: the given line-up (`--opponents`
 * for `match` and `train`, `--bots` for a rules search), which sets `players`, or
 * without one the game's greedy bot (random when it has none) in every seat the
 * variant's table leaves.
 * @param given the parsed `--variant`; its `players` is set to the table size.
 * @param own the seats the command fills itself (1: the candidate; 0: the line-up is the whole table).
 * @returns the entries of the seats filled here, in seat order after the command's own.
 * @throws UsageError when the line-up does not fit `players` or the game's table sizes;
 *   BotSpecError when a bot cannot play the table (`checkLineupVariant`).
 */
export async function tableEntries(
  game: AnyGame,
  lineup: string | undefined,
  given: Record<string, VariantValue>,
  own: number,
  loadMs: number,
): Promise<Entry[]> {
  if (lineup === undefined) {
    const P = Number(resolveGameVariant(game, given).players);
    const filler = getBotKind('greedy').supports(game.info.id) ? 'greedy' : 'random';
    return Array.from({ length: P - own }, () => builtIn(filler));
  }
  const seats = await lineupEntries(lineup, game, loadMs);
  const P = seats.length + own;
  const what = own > 0 ? `${seats.length} opponents` : `${seats.length} bots`;
  fitTable(game, given, P, what, `with ${what} the table has ${P}`);
  checkLineupVariant(
    seats.map((e) => e.bot),
    game,
    resolveGameVariant(game, given),
  );
  return seats;
}

/** `tableEntries` as spec texts (a training run keeps its seats as texts). */
export async function tableSeats(
  game: AnyGame,
  lineup: string | undefined,
  given: Record<string, VariantValue>,
  own: number,
  loadMs: number,
): Promise<string[]> {
  return (await tableEntries(game, lineup, given, own, loadMs)).map((e) => e.bot);
}

/**
 * The line-up of a new tournament: `--bots` validated (it sets `players`), or
 * without it greedy and random alternating at the variant's table (`defaultLineup`).
 * @param given the parsed `--variant`; its `players` is set to the line-up's size.
 * @throws UsageError when a bot is bad or the line-up does not fit the table;
 *   BotSpecError when a bot cannot play the table (`checkLineupVariant`).
 */
export async function tourneyLineup(game: AnyGame, bots: string | undefined, given: Record<string, VariantValue>, loadMs: number): Promise<Entry[]> {
  if (bots === undefined) return defaultLineup(game.info.id, Number(resolveGameVariant(game, given).players)).map(builtIn);
  const lineup = await lineupEntries(bots, game, loadMs);
  fitTable(game, given, lineup.length, `a line-up of ${lineup.length} bots`, `the line-up has ${lineup.length} bots`);
  checkLineupVariant(
    lineup.map((e) => e.bot),
    game,
    resolveGameVariant(game, given),
  );
  return lineup;
}

/** The default line-up of one value of a `--sweep players=...`: greedy and random alternating at its table. */
export function defaultEntries(game: AnyGame, variant: Variant): Entry[] {
  return defaultLineup(game.info.id, Number(variant.players)).map(builtIn);
}

/** A match's line-up and variant: A, B, and the other seats (default: the game's greedy bot). */
export interface MatchLineup {
  readonly candidate: Entry;
  readonly baseline: Entry;
  readonly opponents: readonly Entry[];
  readonly variant: Variant;
}

/**
 * Validates a match's bots (`parseAndValidateLineup`) and resolves its table:
 * the opponents set `players` (`tableEntries`).
 * @param variant the variant parameters given (`--variant`, parsed).
 * @throws UsageError (or BotSpecError) with one line: a bad bot, more than one bot for A or B, a line-up that does not fit the table, a bot that cannot play it.
 */
export async function matchLineup(
  game: AnyGame,
  texts: { readonly candidate: string; readonly baseline: string; readonly opponents: string | undefined },
  variant: Readonly<Record<string, VariantValue>>,
  loadMs: number,
): Promise<MatchLineup> {
  const one = async (flag: string, text: string): Promise<Entry> => {
    const entries = await lineupEntries(text, game, loadMs);
    if (entries.length !== 1) throw new UsageError(`${flag} takes one bot, got ${entries.length}: '${text}'`);
    return entries[0]!;
  };
  const candidate = await one('--candidate', texts.candidate);
  const baseline = await one('--baseline', texts.baseline);
  const given = { ...variant };
  const opponents = await tableEntries(game, texts.opponents, given, 1, loadMs);
  const resolved = resolveGameVariant(game, given);
  checkLineupVariant([candidate.bot, baseline.bot], game, resolved);
  return { candidate, baseline, opponents, variant: resolved };
}
