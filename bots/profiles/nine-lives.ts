import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Nine Lives (see `Profile`). */
export const nineLivesProfile: Profile = {
  bots: {
    ismcts: { c: 0.2, rollout: 'greedy', prior: 'greedy', widen: 0.3, horizon: 'round' },
  },
  sources: [
    'greedy keeps its hand-tuned weights: npm run train -- --game nine-lives --bot greedy --budget 30000 (seed 1; SPSA over its 20 weights, 468 iterations of 64 games, 38 s on 2 cores) was not stronger on held-out seed 1-verify: 23.5% against 25.0%, −1.5 points (−3.7 to +0.8), SPRT H0 after 320 deals.',
    "ismcts: the options found by hand (README, Search bots: greedy prior and playouts, widening 0.3, c = 0.2, the round horizon) at the default 1000 iterations; npm run match -- --game nine-lives --candidate ismcts:c=0.2,rollout=greedy,prior=greedy,widen=0.3,horizon=round --baseline greedy --sprt --seed 1: 54.6% against greedy's 25.0%, +29.6 points (+22.4 to +36.7), SPRT H1 after 40 deals (361 s on 2 shared cores). The paper's defaults (random playouts, c = 0.7) won 33% against greedy's 66%. NTBEA from these options: npm run train -- --game nine-lives --bot ismcts --tune c,widen,bias --method ntbea --budget 1600 --deals 4 --verify-games 1600 --workers 1 (seed 1; 100 iterations of 16 games, 3 039 s on 2 shared cores) recommended c 0.2 → 2 (the top of its range), widen 0.3 → 0.4, bias 0 → 16.67; its verification on held-out seed 1-verify: 40.2% against the start's 52.2%, −12.0 points (−17.7 to −6.2), SPRT H0 after 108 deals (1 087 s): not stronger, so the profile stays. Again with 32 games an iteration and c within 0.1..0.8: npm run train -- --game nine-lives --bot ismcts --tune c,widen,bias --range c=0.1:0.8:log --method ntbea --budget 1600 --deals 8 --verify-games 1200 --seed 2 (50 iterations, 917 s on 2 cores) recommended c=0.8,widen=0.4,bias=0; its verification on held-out seed 2-verify: 51.6% against the start's 52.1%, −0.5 points (−5.3 to +4.3), undecided after 150 deals, the cap (606 s): not stronger, so the profile stays. The settings differ by less than 1 600 games can rank (each level's mean fitness was within its noise of the others'); a search game costs about 2 s here.",
  ],
};
