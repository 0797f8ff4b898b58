/**
 * The words of `match`: a clearly weaker candidate reads
 * "weaker" with or without `--sprt`, and a difference where the SPRT stopped
 * carries the note that it is biased away from 0.
 */
import { describe, expect, it } from 'vitest';
import { signedFixed, stoppedEstimateNote, verdictOf } from '../../src/cli/match-render.js';
import type { PairedComparison } from '../../src/stats/paired.js';
import type { SprtState } from '../../src/stats/sprt.js';

/** A comparison whose win-share difference is `value` with the interval [lo, hi] (a weaker candidate once reported: −7.3, −10.8 to −3.9). */
function comparison(value: number, lo: number, hi: number): PairedComparison {
  const d = { value, se: (hi - lo) / 4, ci95: [lo, hi] as [number, number], los: 0 };
  return { deals: 100, winRateA: 0.2, winRateB: 0.27, winShare: d, score: d, elo: null };
}

function state(accepted: 'H0' | 'H1' | null, samples = 96): SprtState {
  return { llr: accepted === 'H0' ? -3.5 : accepted === 'H1' ? 3.5 : 0, lower: -2.94, upper: 2.94, accepted, samples, noVariation: false };
}

describe('match verdicts', () => {
  it('a clearly weaker candidate reads "weaker" with --sprt (H0 accepted, interval below 0) as without it', () => {
    const c = comparison(-0.073, -0.108, -0.039);
    expect(verdictOf(c, null, 'win')).toMatch(/^weaker/);
    expect(verdictOf(c, state('H0'), 'win')).toMatch(/^weaker: the SPRT accepted H0 after 96 deals/);
  });

  it('H0 with an interval holding 0 reads "not stronger", H1 reads "stronger"', () => {
    expect(verdictOf(comparison(-0.01, -0.03, 0.01), state('H0'), 'win')).toMatch(/^not stronger/);
    expect(verdictOf(comparison(0.05, 0.02, 0.08), state('H1'), 'win')).toMatch(/^stronger/);
  });

  it('"not separated" states the difference the match could have detected: (t(0.975) + t(0.8)) × se on deals − 1 df', () => {
    // se 0.01 over 100 deals: (1.98422 + 0.84527) × 0.01 = 2.8 points (scipy t.ppf(0.975, 99) = 1.984217, t.ppf(0.8, 99) = 0.845267).
    const c = comparison(0.005, -0.015, 0.025);
    const d = { ...c.winShare, se: 0.01 };
    expect(verdictOf({ ...c, winShare: d }, null, 'win')).toBe(
      'not separated: the 95% interval of A − B contains 0 (this match detects a difference of 2.8 points of win share or more with 80% power, not smaller ones)',
    );
  });

  it('a difference where the SPRT stopped is said to be biased away from 0; none when it did not stop', () => {
    expect(stoppedEstimateNote(state('H1', 40))).toMatch(/after 40 deals.*biased away from 0 \(Whitehead 1986\)/);
    expect(stoppedEstimateNote(state('H0'))).toMatch(/biased away from 0/);
    expect(stoppedEstimateNote(state(null))).toBe('');
    expect(stoppedEstimateNote(null)).toBe('');
  });

  it('a bound that rounds to zero prints "0.0" without a sign (one sign convention, no "−0.0")', () => {
    expect(signedFixed(-0.0004, 1, 100)).toBe('0.0');
    expect(signedFixed(0.0004, 1, 100)).toBe('0.0');
    expect(signedFixed(-0.0006, 1, 100)).toBe('−0.1');
    expect(signedFixed(0.0731, 1, 100)).toBe('+7.3');
  });

  it('A and B with the same result on every deal: no "detects a difference of 0.0 points", the verdict says why', () => {
    const c = comparison(0, 0, 0);
    const same = { ...c, deals: 16, winShare: { ...c.winShare, se: 0 } };
    expect(verdictOf(same, null, 'win')).toBe(
      'not separated: the 95% interval of A − B contains 0 (A and B had the same result on every one of the 16 deals, so the match cannot say what difference it could detect (the two may play alike on these deals))',
    );
    expect(verdictOf(same, { ...state('H0', 16), noVariation: true }, 'win')).toBe(
      'not stronger: the SPRT accepted H0 after 16 deals (A and B had the same result on every deal)',
    );
  });
});
