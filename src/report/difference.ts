import type { KeyFigure } from '../core/balance.js';
import type { SweepDifference } from '../analysis/difference.js';
import { formatP } from '../stats/test-phrases.js';
import { fixed, pct } from './terminal-format.js';

/** A key figure with its 95% interval, as the terminal prints it ("–" when absent; a p-value as every p-value prints). */
export function figureCell(f: KeyFigure | undefined | null, figure = ''): string {
  if (!f) return '–';
  // A p-value prints as the terminal prints every p-value: "< 0.0001", not "0.000".
  if (figure.endsWith(': p')) return formatP(f.value);
  const v =
    f.format === 'percent'
      ? pct(f.value)
      : Number.isNaN(f.value)
        ? 'n/a'
        : Math.abs(f.value) < 0.01 && f.value !== 0
          ? f.value.toExponential(2)
          : fixed(f.value, 3);
  if (!f.ci95) return v;
  const lo = f.format === 'percent' ? pct(f.ci95[0]) : fixed(f.ci95[0], 3);
  const hi = f.format === 'percent' ? pct(f.ci95[1]) : fixed(f.ci95[1], 3);
  return `${v} (${lo} – ${hi})`;
}

/** A signed difference with its interval (percentage points for rates), " *" when the interval excludes 0, " unpaired" when it is. */
export function differenceCell(d: SweepDifference | null, format: KeyFigure['format'] | undefined): string {
  if (!d) return '–';
  // A signed difference; one that rounds to zero prints "0.0" (never "−0.0" beside a star).
  const f = (x: number): string => {
    const s = format === 'percent' ? fixed(Math.abs(100 * x), 1) : fixed(Math.abs(x), 3);
    return Number(s) === 0 ? s : `${x > 0 ? '+' : '−'}${s}`;
  };
  const sig = d.ci95[0] > 0 || d.ci95[1] < 0 ? ' *' : '';
  return `${f(d.value)} (${f(d.ci95[0])} to ${f(d.ci95[1])})${sig}${d.paired ? '' : ' unpaired'}`;
}
