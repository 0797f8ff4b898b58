import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Captain's Orders (see `Profile`). */
export const captainsOrdersProfile: Profile = {
  bots: {
    greedy: { discoverDoubt: 38 },
  },
  sources: [
    'greedy: npm run train -- --game captains-orders --bot greedy --budget 40000 --workers 1 (seed 1; SPSA, 500 iterations of 80 games) moved discoverDoubt 0 → 38; verification on held-out seed 1-verify: 96.9% against 20.0% for discoverDoubt=0, +76.9 points (+73.6 to +80.1), SPRT H1 after 32 deals. Tuned again against four copies of itself (--bot greedy:discoverDoubt=38 --opponents greedy:discoverDoubt=38 ×4, 40000 games) it stayed at 38.',
  ],
};
