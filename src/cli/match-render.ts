/**
 * A match in words: its verdict, what it could have detected, the caution
 * where a sequential test stopped it, and its terminal text.
 */
import { num, pct } from '../report/terminal-format.js';
import { fitTable, tableWidth, type TerminalOptions, wrapProse } from '../report/terminal.js';
import { measured, type Measure } from '../analysis/match.js';
import { detectableDifference, type PairedComparison } from '../stats/paired.js';
import type { SprtState } from '../stats/sprt.js';
import type { MatchReport } from '../results/match-file.js';
import type { MatchSpec } from './run-spec.js';

/**
 * The verdict of a match in words: "stronger" once the SPRT accepted H1 (or, without it, the interval of A − B
 * lies above 0); "weaker" when the interval lies below 0 (with the SPRT, once it accepted H0); else "not stronger"
 * (SPRT) or "not separated", with the difference the match could have detected.
 */
export function verdictOf(c: PairedComparison, s: SprtState | null, m: Measure): string {
  const [lo, hi] = measured(c, m).ci95;
  if (s?.accepted === 'H1') return `stronger: the SPRT accepted H1 after ${s.samples} deals`;
  if (s?.accepted === 'H0')
    return hi < 0
      ? `weaker: the SPRT accepted H0 after ${s.samples} deals, and the 95% interval of A − B is below 0`
      : `not stronger: the SPRT accepted H0 after ${s.samples} deals${s.noVariation ? ' (A and B had the same result on every deal)' : ''}`;
  const tail = s ? `; the SPRT has not decided after ${s.samples} deals` : '';
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return `not separated: one deal gives no interval${tail}`;
  if (lo > 0) return `stronger: the 95% interval of A − B is above 0${tail}`;
  if (hi < 0) return `weaker: the 95% interval of A − B is below 0${tail}`;
  return `not separated: the 95% interval of A − B contains 0 (${detectableText(measured(c, m), c.deals, m)})${tail}`;
}

/**
 * What a match could have detected, in words: the difference its two-sided
 * 5% interval excludes with 80% power (`detectableDifference`).
 */
export function detectableText(d: PairedComparison['winShare'], deals: number, m: Measure): string {
  // Every deal gave A and B the same result: no variation to scale a detectable difference by.
  if (d.se === 0 && d.value === 0 && deals > 1)
    return `A and B had the same result on every one of the ${deals} deals, so the match cannot say what difference it could detect (the two may play alike on these deals)`;
  const delta = detectableDifference(d.se, deals);
  if (!Number.isFinite(delta)) return 'too few deals to say what it could detect';
  const size = m === 'score' ? `${delta.toPrecision(3)} in game score per seat-game` : `${(100 * delta).toFixed(1)} points of win share`;
  return `this match detects a difference of ${size} or more with 80% power, not smaller ones`;
}

/**
 * The caution beside an estimate at the point where a sequential test stopped:
 * a test stops when the running mean has strayed far from 0, so the mean at
 * its stop is biased away from 0 (J. Whitehead, "On the bias of maximum
 * likelihood estimation following a sequential test", Biometrika 73(3),
 * 1986), and the interval there is not a fixed-size interval either. Empty
 * when the test did not stop the match.
 */
export function stoppedEstimateNote(s: SprtState | null): string {
  if (s?.accepted !== 'H1' && s?.accepted !== 'H0') return '';
  return (
    `The SPRT stopped this match after ${s.samples} deals, just as its running difference crossed a bound: ` +
    "a difference measured where a sequential test stops is biased away from 0 (Whitehead 1986), so A − B and its interval above tend to overstate the gap's size; " +
    'a fixed-size match on fresh deals (another --seed, without --sprt) measures it without that bias.'
  );
}

/** A likelihood of superiority as text; blank for one deal (NaN: no spread to weigh the difference by). */
function losText(los: number): string {
  return Number.isFinite(los) ? pct(los) : '';
}

/** A 95% interval as text; one deal gives none (the t interval needs two). */
function interval(ci: readonly [number, number], d: number, scale = 1): string {
  if (!Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return 'none: needs 2 deals';
  return `${signedFixed(ci[0], d, scale)} to ${signedFixed(ci[1], d, scale)}`;
}

/** `x × scale` with `d` decimals and its sign; a value that rounds to zero prints without one ("0.0", never "−0.0" or "+0.0"). */
export function signedFixed(x: number, d: number, scale = 1): string {
  const v = x * scale;
  const text = Math.abs(v).toFixed(d);
  return Number(text) === 0 ? text : `${v > 0 ? '+' : '−'}${text}`;
}

/**
 * The terminal text of a match, the prose wrapped; its table fits `TERMINAL_WIDTH` unless `wide`.
 * @param names the spec's entries: their labels name the bots (a tuned bot by its tuned.json).
 */
export function renderMatch(r: MatchReport, names: Pick<MatchSpec, 'candidate' | 'baseline' | 'opponents'>, options: TerminalOptions = {}): string {
  const c = r.comparison;
  const out: string[] = [];
  out.push(
    `${r.game} · match · seed ${r.seed} · ${r.games} games (${r.deals} deal${r.deals === 1 ? '' : 's'} × ${r.games / Math.max(1, r.deals)} games: A and B in every seat)${r.complete ? '' : ' · STOPPED EARLY: incomplete'}`,
  );
  out.push(`candidate A: ${names.candidate.label} · baseline B: ${names.baseline.label} · opponents: ${names.opponents.map((o) => o.label).join(', ')}`);
  const rows: string[][] = [];
  rows.push([
    'win share per seat-game',
    pct(c.winRateA),
    pct(c.winRateB),
    `${signedFixed(c.winShare.value, 1, 100)} points`,
    interval(c.winShare.ci95, 1, 100),
    losText(c.winShare.los),
  ]);
  rows.push(['score per seat-game', '', '', signedFixed(c.score.value, 3), interval(c.score.ci95, 3), losText(c.score.los)]);
  if (c.elo) rows.push(['Elo (against the same opponent)', '', '', signedFixed(c.elo.value, 1), `± ${num(c.elo.margin, 1)}`, '']);
  out.push(fitTable(['measure', 'A', 'B', 'A − B', '95% interval', 'LOS'], rows, { width: tableWidth(options), keys: 1 }));
  out.push(
    `Paired (duplicate) comparison: every deal is played with A in each seat and again with B in A's place, same cards, opponents and seats; the sample is the per-deal difference of A's and B's results, over ${r.deals} independent deals (Student t interval). ` +
      'LOS: likelihood of superiority, Φ(difference / standard error).',
  );
  if (r.sprt) {
    const s = r.sprt;
    out.push(
      `SPRT (generalized, normal approximation; the deal is the sample): H0 A − B = ${s.mu0} vs H1 A − B = ${s.mu1} in ${r.measure === 'score' ? 'game score' : 'win share'} per seat-game, α = ${s.alpha}, β = ${s.beta}: ` +
        `LLR ${s.noVariation ? `${s.llr < 0 ? '−' : '+'}∞ (every deal gave the same difference, ${signedFixed(measured(c, r.measure).value, 3)}${measured(c, r.measure).value === 0 ? ': A and B played alike' : ''})` : s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] → ${s.accepted === null ? 'no decision yet' : `${s.accepted} accepted after ${s.samples} deals`}`,
    );
  }
  if (r.stoppedEstimate) out.push(r.stoppedEstimate);
  out.push(`Verdict${r.measure === 'score' ? ' (on game score)' : ''}: A is ${r.verdict}.`);
  return wrapProse(out.join('\n'));
}
