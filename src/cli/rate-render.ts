/** A rating run in words: its terminal text. */
import { num, pct } from '../report/terminal-format.js';
import { fitTable, tableWidth, type TerminalOptions, wrapProse } from '../report/terminal.js';
import { type RatingReport, unboundedText } from '../results/ratings-file.js';

/** The terminal text of a rating run, the prose wrapped; its tables fit `TERMINAL_WIDTH` unless `wide`. */
export function renderRatings(r: RatingReport, options: TerminalOptions = {}): string {
  const width = tableWidth(options);
  const out: string[] = [];
  out.push(
    `${r.game} · rate · seed ${r.seed} · ${r.games} games (${r.deals} deal${r.deals === 1 ? '' : 's'} × ${r.lineups.length} line-up${r.lineups.length === 1 ? '' : 's'} × ${r.players} rotations)${r.complete ? '' : ' · STOPPED EARLY: incomplete'}`,
  );
  const rows: string[][] = [];
  r.ratings.forEach((x, k) =>
    rows.push([
      String(k + 1),
      x.bot,
      // `|| 0`: a rating that rounds to 0 prints "0", not "-0"; a negative one with the minus sign of every other figure.
      x.unbounded ? unboundedText(x.unbounded) : num(Math.round(x.elo) || 0, 0).replace('-', '−'),
      x.unbounded || r.groups < 2 ? '' : `± ${Number.isFinite(x.margin) ? num(x.margin, 0) : 'n/a'}`,
      pct(x.winRate),
      String(x.games),
    ]),
  );
  out.push(fitTable(['rank', 'bot', 'Elo', '95% margin', 'win rate', 'seat-games'], rows, { width, keys: 2 }));
  const weights = r.pool
    .map((b, i) => [b, r.centreWeights[i] ?? 0] as const)
    .filter(([, w]) => w > 0)
    .map(([b, w]) => `${b} ${pct(w)}`)
    .join(', ');
  const unbounded = r.ratings.filter((x) => x.unbounded);
  const rated = r.ratings.length - unbounded.length;
  // Likelihoods of superiority exist only between two rated bots, from two or more groups of deals.
  const anyLos = r.los.some((row, i) => row.some((x, j) => i !== j && Number.isFinite(x)));
  out.push(
    `Top-1 Plackett-Luce (Bradley-Terry for two seats) fitted by maximum likelihood to every game's win shares; ${rated === 0 ? 'no bot has a finite rating. ' : `Elo scale, 0 at the rated bots' mean weighted by precision (${weights}: each bot by 1 / the least jackknife variance of its differences from the others), so a poorly determined bot does not widen the others' margins. `}` +
      `Every line-up plays every deal in every rotation, so each bot meets each other in every seat on the same cards. ` +
      `Margins: delete-a-group jackknife over ${r.groups} group${r.groups === 1 ? '' : 's'} of the ${r.deals} deal${r.deals === 1 ? '' : 's'} (the deal is the unit).` +
      (unbounded.length > 0
        ? ` ${unbounded.map((x) => x.bot).join(', ')}: ${unbounded.length === 1 ? 'a bot' : 'bots'} that ${unbounded.map((x) => x.unbounded).join(' / ')} in ${unbounded.map((x) => x.games).join(' / ')} seat-games has no finite rating (any number would come from the model's prior, not the games)${rated > 0 ? `; the others are fitted without ${unbounded.length === 1 ? 'it' : 'them'}` : ''}.`
        : ''),
  );
  const head = ['LOS (row stronger than column)', ...r.pool];
  const los = r.pool.map((b, i) => [b, ...r.los[i]!.map((x, j) => (i === j || !Number.isFinite(x) ? '' : pct(x)))]);
  if (r.groups >= 2 && anyLos) out.push(fitTable(head, los, { width, keys: 1 }));
  out.push(
    rated < 2
      ? `No likelihoods of superiority: they compare two bots with finite ratings, and this run has ${rated === 0 ? 'none' : 'one'}.`
      : r.groups < 2
        ? `No margins and no likelihoods of superiority: the deal is the unit, and the run's ${r.deals} deal${r.deals === 1 ? '' : 's'} in ${r.groups} group${r.groups === 1 ? '' : 's'} are too few to vary; play more games (--games) to order the bots.`
        : r.notSeparated.length === 0
          ? 'Every adjacent pair of the table is separated (LOS ≥ 95%).'
          : `Not separated (LOS below 95%): ${r.notSeparated.map(([a, b]) => `${a} and ${b}`).join('; ')}.`,
  );
  return wrapProse(out.join('\n'));
}
