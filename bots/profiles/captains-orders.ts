import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Captain's Orders (see `Profile`). */
export const captainsOrdersProfile: Profile = {
  bots: {
    greedy: { discoverDoubt: 38 },
    ismcts: { bias: 8.333, c: 0.3162, prior: 'greedy', widen: 0.8 },
  },
  sources: [
    'greedy: npm run train -- --game captains-orders --bot greedy --budget 40000 --workers 1 (seed 1; SPSA, 500 iterations of 80 games) moved discoverDoubt 0 → 38; verification on held-out seed 1-verify: 96.9% against 20.0% for discoverDoubt=0, +76.9 points (+73.6 to +80.1), SPRT H1 after 32 deals. Tuned again against four copies of itself (--bot greedy:discoverDoubt=38 --opponents greedy:discoverDoubt=38 ×4, 40000 games) it stayed at 38.',
    "ismcts: c, widen, bias and the prior by NTBEA from the paper's defaults (random playouts, c = 0.7): npm run train -- --game captains-orders --bot ismcts --tune c,widen,bias,prior --method ntbea --budget 5000 (seed 1; 125 iterations of 40 games, 140 s on 2 cores) tuned c 0.7 → 0.3162, widen 0 → 0.8, bias 0 → 8.333, prior none → greedy; its verification on held-out seed 1-verify: 42.3% against the paper's 36.5%, +5.8 points (+2.4 to +9.1), +0.214 round wins (+0.136 to +0.292), SPRT H1 after 256 deals. Against greedy: npm run match -- --game captains-orders --candidate ismcts --baseline greedy --sprt --seed 1: 46.3% against greedy's 20.0%, +26.3 points (+18.8 to +33.7), +0.600 round wins (+0.402 to +0.798), SPRT H1 after 32 deals.",
    "ismcts before (the paper's defaults) against greedy, same command: 36.3% against 20.0%, +16.3 points (+10.9 to +21.6), score +0.28 round wins (+0.12 to +0.45), SPRT H1 after 64 deals (25 s on 2 cores).",
  ],
};
