import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Nine Lives (see `Profile`). */
export const nineLivesProfile: Profile = {
  bots: {
    ismcts: { c: 0.2, rollout: 'greedy', prior: 'greedy', widen: 0.3, horizon: 'round' },
  },
  sources: [
    'greedy keeps its hand-tuned weights: npm run train -- --game nine-lives --bot greedy --budget 30000 (seed 1; SPSA over its 20 weights, 468 iterations of 64 games, 38 s on 2 cores) was not stronger on held-out seed 1-verify: 23.5% against 25.0%, −1.5 points (−3.7 to +0.8), SPRT H0 after 320 deals.',
    "ismcts: the options found by hand (README, Search bots: greedy prior and playouts, widening 0.3, c = 0.2, the round horizon) at the default 1000 iterations; npm run match -- --game nine-lives --candidate ismcts:c=0.2,rollout=greedy,prior=greedy,widen=0.3,horizon=round --baseline greedy --sprt --seed 1: 54.6% against greedy's 25.0%, +29.6 points (+22.4 to +36.7), SPRT H1 after 40 deals (361 s on 2 shared cores). The paper's defaults (random playouts, c = 0.7) won 33% against greedy's 66%.",
  ],
};
