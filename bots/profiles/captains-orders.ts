import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Captain's Orders (see `Profile`). */
export const captainsOrdersProfile: Profile = {
  bots: {
    greedy: { discoverDoubt: 38 },
  },
  sources: [
    'greedy: npm run train -- --game captains-orders --bot greedy --budget 40000 --workers 1 (seed 1; SPSA, 500 iterations of 80 games) moved discoverDoubt 0 → 38; verification on held-out seed 1-verify: 96.9% against 20.0% for discoverDoubt=0, +76.9 points (+73.6 to +80.1), SPRT H1 after 32 deals. Tuned again against four copies of itself (--bot greedy:discoverDoubt=38 --opponents greedy:discoverDoubt=38 ×4, 40000 games) it stayed at 38.',
    "ismcts keeps the paper's defaults (random playouts, c = 0.7), which beat the tuned greedy: npm run match -- --game captains-orders --candidate ismcts --baseline greedy --sprt --seed 1: 36.3% against 20.0%, +16.3 points (+10.9 to +21.6), score +0.28 round wins (+0.12 to +0.45), SPRT H1 after 64 deals (25 s on 2 cores).",
  ],
};
