/**
 * Bytes a decision allocates, as the benchmarks measure it: the heap's
 * growth over one game's decisions, from just after its deal, which a
 * forced GC precedes; the median over `games` games, after as many warm-up
 * games. A young-generation collection inside a game hides garbage, so it
 * is a lower bound.
 * @param deal prepares game g (the deal, the bots' resets): not counted.
 * @param play plays the dealt game to its end; returns its decisions.
 * @returns bytes per decision, or null when Node runs without --expose-gc.
 */
export function medianBytesPerDecision(games: number, deal: (g: number) => void, play: () => number): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  const one = (g: number, measure: boolean): number => {
    if (measure) gc();
    deal(g);
    const h0 = process.memoryUsage().heapUsed;
    const n = play();
    return measure ? Math.max(0, process.memoryUsage().heapUsed - h0) / Math.max(1, n) : 0;
  };
  for (let g = 0; g < games; g++) one(g, false);
  const per: number[] = [];
  for (let g = 0; g < games; g++) per.push(one(games + g, true));
  per.sort((a, b) => a - b);
  return per[per.length >> 1]!;
}
