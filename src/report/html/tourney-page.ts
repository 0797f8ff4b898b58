import { balanceBlocks, botRows, botsBlock, rateWithCi, seatBlocks, testOf, testPhrase, testVerdict } from './blocks.js';
import { arr, num, obj, str, type RunFiles } from './load.js';
import type { Page } from './page.js';

/** The line under a page's title: game, size, seed (and whether its deals were secret), line-up, non-default rules, and whether the run stopped early. */
export function runMeta(f: RunFiles, what: string): string {
  const s = obj(f.json.summary) ?? {};
  const nonDefault = Object.entries(obj(s.nonDefault) ?? {}).map(([k, v]) => `${k}=${str(v)}`);
  const parts = [
    `${str(s.game)} · ${what}`,
    `${num(s.games) ?? '?'} games, ${num(s.deals) ?? '?'} deals`,
    s.secretDeals === true ? `seed ${str(s.seed)}, secret deals (dealt from a random key)` : `seed ${str(s.seed)}`,
    `line-up: ${arr(s.lineup).map(str).join(', ')}`,
    nonDefault.length ? `rules: ${nonDefault.join(', ')}` : 'default rules',
  ];
  if (s.complete === false) parts.push('STOPPED EARLY: incomplete');
  return parts.join(' · ');
}

/** Lines of the answer about seats: the test of equal positions (else of equal seats) and the win rate of each position. */
export function seatAnswer(f: RunFiles): string[] {
  const out: string[] = [];
  const balance = obj(f.json.balance);
  const posTest = testOf(obj(balance?.seatAdvantage)?.test);
  const seatTest = testOf(obj(f.json.summary)?.seatTest);
  if (posTest) out.push(`Are seats fair? ${cap(testVerdict(posTest, 'positions'))}: test of "every position wins equally often", ${testPhrase(posTest)}.`);
  else if (seatTest) out.push(`Are seats fair? ${cap(testVerdict(seatTest, 'seats'))}: test of "every seat wins equally often", ${testPhrase(seatTest)}.`);
  else out.push('Are seats fair? This run has no test of equal seats (made by an older version); see the win rates by seat below.');
  const pos = f.csv['balance-seat-advantage'];
  if (pos && pos.length > 0)
    out.push(
      `Win rate by position left of the first player (0 = the first player), 95% intervals: ${pos.map((r) => `${String(r.position)}: ${rateWithCi(r, 'win_rate', 'win_rate_lo', 'win_rate_hi')}`).join('; ')}.`,
    );
  return out;
}

/** Lines of the answer about bots: who wins most, each with its interval, best first. */
export function botAnswer(f: RunFiles): string[] {
  const rows = botRows(f)
    .filter((r) => typeof r.win_rate === 'number')
    .sort((a, b) => (b.win_rate as number) - (a.win_rate as number));
  if (rows.length === 0) return [];
  if (rows.length === 1)
    return [
      `One bot, ${String(rows[0]!.bot)}, in every seat: its win rate ${rateWithCi(rows[0]!, 'win_rate', 'ci95_lo', 'ci95_hi')} is every seat's share; the seats, not the bots, are the question.`,
    ];
  return [
    `Who wins most (win share per seat-game, 95% intervals): ${rows.map((r) => `${String(r.bot)} ${rateWithCi(r, 'win_rate', 'ci95_lo', 'ci95_hi')}`).join('; ')}.`,
  ];
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The page of a tourney run (also each value of a sweep): the answer (are
 * seats fair, who wins most), then who wins, the seats and positions, and
 * the game's balance tables as charts.
 */
export function tourneyPage(f: RunFiles): Page {
  const s = obj(f.json.summary) ?? {};
  const missing: string[] = [];
  if (!f.json.balance) missing.push('balance.json (seat advantage by position, game balance tables)');
  if (!f.csv.bots) missing.push('bots.csv (bots read from summary.json)');
  const balance = balanceBlocks(f);
  return {
    title: `${str(s.game)}: tournament report`,
    meta: runMeta(f, 'tourney'),
    answer: [...seatAnswer(f), ...botAnswer(f)],
    sections: [
      { id: 'seats-section', title: 'Are seats fair?', blocks: seatBlocks(f) },
      { id: 'bots-section', title: 'Who wins', blocks: [botsBlock(f)] },
      ...(balance.length
        ? [
            {
              id: 'balance-section',
              title: 'Game balance',
              intro: ["The game's own tables; estimated columns are charted with their 95% intervals."],
              blocks: balance,
            },
          ]
        : []),
    ],
    ...(f.inSweep ? { links: [{ href: '../report.html', text: 'the whole sweep' }] } : {}),
    sources: [...Object.keys(f.json).map((n) => `${n}.json`), ...Object.keys(f.csv).map((n) => `${n}.csv`)],
    missing,
  };
}
