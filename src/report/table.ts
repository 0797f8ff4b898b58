import { ci, fixed, newTable as table, num, pct, tableText } from './terminal-format.js';
import { fitTable, tableWidth, type TerminalOptions, withInterval, wrapProse } from './terminal.js';
import { faultCountsText, type Summary } from '../analysis/summary.js';
import { testText } from '../stats/test-phrases.js';
import { UNSANDBOXED_NOTICE } from '../../bots/sandbox/policy.js';

/** A design effect; empty when there is no variance to divide (`clusterProportion`). */
function deff(x: number): string {
  return Number.isFinite(x) ? x.toFixed(2) : '';
}

function variantText(s: Summary): string {
  const nd = Object.entries(s.nonDefault);
  return nd.length === 0 ? 'default rules' : nd.map(([k, v]) => `${k}=${String(v)}`).join(', ');
}

/**
 * The header's line of a keyed run: its deals are secret, and how to play
 * them again (the key once the run is complete, else the file that keeps it).
 */
export function secretDealsLine(s: Pick<Summary, 'dealKey'>, keptIn = 'checkpoint.json'): string {
  return `secret deals: dealt from a random key, not from the seed; ${s.dealKey !== undefined ? `--deal-key ${s.dealKey} plays them again` : `the key is in ${keptIn} until the run completes`}`;
}

/** How `renderTables` prints: `--wide`, and whether to print the per-seat table (a tourney prints its seats by position instead, in the balance report). */
export interface RunTablesOptions extends TerminalOptions {
  readonly seats?: boolean;
}

/**
 * The terminal tables of a run (cli-table3): per bot, per seat (unless
 * `options.seats` is false), and the run's totals, with the prose wrapped.
 * By default they fit `TERMINAL_WIDTH`: an estimate and its 95% interval in
 * one cell, no design effects (bots.csv and seats.csv have them); `wide`
 * prints every column. Returns the text; the caller prints it.
 */
export function renderTables(s: Summary, options: RunTablesOptions = {}): string {
  const wide = options.wide === true;
  const width = tableWidth(options);
  const out: string[] = [];
  out.push(
    `${s.game} · ${variantText(s)} · seed ${s.seed} · ${s.games} games (${s.deals} deal${s.deals === 1 ? '' : 's'} × ${s.seatingsPerDeal} distinct seating${s.seatingsPerDeal === 1 ? '' : 's'})${s.complete ? '' : ' · STOPPED EARLY: incomplete'}`,
  );
  if (s.secretDeals) out.push(secretDealsLine(s));
  out.push(`line-up: ${s.lineup.join(', ')}`);
  if (s.unsandboxedBots === true) out.push(UNSANDBOXED_NOTICE);
  if (!s.reproducible) {
    out.push(`NOT REPRODUCIBLE: the results can depend on the clock, so the same seed can give other numbers: ${s.clockDependent.join('; ')}`);
    if (s.timeouts.length > 0) {
      const shown = s.timeouts.slice(0, 5).map((t) => `deal ${t.deal} seating ${t.seating} seat ${t.seat} (${t.bot}, decision ${t.decision})`);
      out.push(
        `Faults caused by a time limit: ${s.faults.byReason.timeout ?? s.timeouts.length}${s.timeouts.length > 5 ? ', the first: ' : ': '}${shown.join('; ')} (all in summary.json, "timeouts")`,
      );
    }
  }
  out.push(wide ? wideBotTable(s) : botTable(s, width));
  const rated = s.bots.filter((b) => b.rate);
  if (rated.length > 0) {
    const label = rated[0]!.rate!.label;
    const rows = rated.map((b) => {
      const r = b.rate!;
      return wide
        ? [b.name, num(r.value, 1), `${num(r.ci95[0], 1)} – ${num(r.ci95[1], 1)}`]
        : [b.name, withInterval(num(r.value, 1), num(r.ci95[0], 1), num(r.ci95[1], 1))];
    });
    out.push(fitTable(wide ? ['bot', label, '95% interval'] : ['bot', label], rows, { width }));
    out.push(
      `${label}: ${rated[0]!.rate!.caption}; 95% interval over the ${s.deals} deals (Student t on per-deal totals). Rotations replay each deal with the seats rotated (duplicate play).`,
    );
  }
  out.push(
    'Win rates are win shares per seat-game: a win shared by k seats counts 1/k to each, so the win rates of all seats add up to 1 (less games nobody won). ' +
      (s.deals < 2
        ? `No intervals: the deal is the unit (the games of a deal share its cards), and the run has ${s.deals} deal${s.deals === 1 ? '' : 's'}, too few to vary; play more games for intervals.`
        : `${wide ? '' : 'In brackets: 95% intervals. '}The deal is the unit: the games of a deal share its cards, so every interval uses the variation between the run's ${s.deals} independent deals ` +
          '(cluster-robust variance of per-deal totals; Wilson interval at the effective sample size). ' +
          (wide
            ? 'deff (design effect): the deal-level variance over the variance if every seat-game were independent; below 1, duplicate deals made the estimate more precise.'
            : 'Design effects: bots.csv, or --wide.')),
  );
  if (options.seats !== false) {
    out.push(seatTable(s, options));
    out.push(
      `Every bot sits in every seat equally often on the same deals. Test of "every seat wins equally often": ${testText(s.seatTest, 'deals', 'seats')}.`,
    );
  }
  const totals = table();
  totals.push(
    { 'actions per game': `mean ${num(s.meanActions, 1)}, max ${s.maxActions}` },
    { 'capped games': `${s.capped} (${pct(s.games > 0 ? s.capped / s.games : 0)})` },
    { faults: faultCountsText(s.faults) },
    {
      throughput: `${Math.round(s.timing.gamesPerSecond)} games/s on ${s.timing.workers} worker${s.timing.workers === 1 ? '' : 's'} (${num(s.timing.seconds)} s)`,
    },
  );
  out.push(tableText(totals, false));
  // Why a bot failed, once per bot: its first fault's message (summary.json, "faults").
  for (const f of s.faults.first ?? []) out.push(`First fault of ${f.bot}: ${f.message}`);
  return wrapProse(out.join('\n'));
}

/** A proportion and its interval in one cell, in percent: "27.3% (22.7–32.4)". */
function pctCell(x: number, c: readonly [number, number]): string {
  return withInterval(pct(x), fixed(100 * c[0], 1), fixed(100 * c[1], 1));
}

/** The per-bot table within `width`: an estimate and its interval in one cell, no design effect. */
function botTable(s: Summary, width: number): string {
  const rows = s.bots.map((b) => [
    b.name,
    String(b.entries),
    String(b.games),
    num(b.wins, 1),
    pctCell(b.winRate, b.ci95),
    withInterval(num(b.meanScore), num(b.meanScoreCi95[0]), num(b.meanScoreCi95[1])),
    String(b.forfeits),
    String(b.faults),
  ]);
  return fitTable(['bot', 'seats', 'games', 'wins', 'win rate', `mean score (${s.scoreUnit})`, 'forfeits', 'faults'], rows, { width, keys: 1 });
}

/** The per-bot table with every column (`--wide`): intervals and design effects in columns of their own. */
function wideBotTable(s: Summary): string {
  const bots = table([
    'bot',
    'seats',
    'games',
    'wins',
    'win rate',
    '95% interval',
    'deff',
    `mean score (${s.scoreUnit})`,
    '95% interval',
    'forfeits',
    'faults',
  ]);
  for (const b of s.bots) {
    bots.push([
      b.name,
      b.entries,
      b.games,
      num(b.wins, 1),
      pct(b.winRate),
      ci(b.ci95),
      deff(b.deff),
      num(b.meanScore),
      `${num(b.meanScoreCi95[0])} – ${num(b.meanScoreCi95[1])}`,
      b.forfeits,
      b.faults,
    ]);
  }
  return tableText(bots, true);
}

/**
 * The per-seat table (seat number as the run numbers them): win shares with
 * their intervals; with `wide`, the design effects too.
 */
export function seatTable(s: Pick<Summary, 'seats'>, options: TerminalOptions = {}): string {
  if (options.wide === true) {
    const seats = table(['seat', 'games', 'wins', 'win rate', '95% interval', 'deff']);
    for (const t of s.seats) seats.push([t.seat, t.games, num(t.wins, 1), pct(t.winRate), ci(t.ci95), deff(t.deff)]);
    return tableText(seats, true);
  }
  const rows = s.seats.map((t) => [String(t.seat), String(t.games), num(t.wins, 1), pctCell(t.winRate, t.ci95)]);
  return fitTable(['seat', 'games', 'wins', 'win rate'], rows, { width: tableWidth(options), keys: 1 });
}
