import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Multiples of Nine (see `Profile`). */
export const multiplesOfNineProfile: Profile = {
  bots: {
    greedy: { holdLimit: 23, keepLimit: 20 },
    ismcts: { prior: 'greedy', bias: 50, c: 0.05 },
  },
  sources: [
    "greedy: npm run train -- --game multiples-of-nine --bot greedy --budget 30000 (seed 1; SPSA, 937 iterations of 32 games, 158 s on 2 shared cores) moved holdLimit 15 → 23 and keepLimit 15 → 20; verification on held-out seed 1-verify: 57.6% against the old limits' 50.0%, +7.6 points (+4.6 to +10.6), SPRT H1 after 158 deals.",
    "ismcts: the greedy prior with progressive bias 50 and c = 0.05 (random playouts, no widening), a search that keeps greedy's move unless its playouts clearly disagree. Against the paper's settings, paired: npm run match -- --game multiples-of-nine --candidate ismcts:prior=greedy,bias=50,c=0.05 --baseline ismcts:prior=none,bias=0,c=0.7 --games 160 --seed 2: +18.8 points (+10.1 to +27.4), +153 Elo ± 77, over 40 deals (298 s on 2 shared cores). Against greedy: npm run match -- --game multiples-of-nine --candidate ismcts --baseline greedy --sprt --seed 1: 50.0% against greedy's 50.0% in its place, +0.0 points (+0.0 to +0.0), the same play in all 79 deals, SPRT H0 after 79 deals (1 218 s on 2 cores shared with a training run), once ismcts gave ties in root visits to the prior's child; before that rule −9.5 points (−13.9 to −5.1), Elo −67 ± 31, H0 after 79 deals: a root with more legal discards than iterations played the discard of the luckiest single playout. The paper's settings were −31.0 (−36.5 to −25.5). With widening (widen=0.3) a decision costs 10-20 times as much (every tree node below the root lists the discards of a determinized opponent's hand of up to 24 cards), and greedy playouts about 100 times: neither could be measured at 1000 iterations here. NTBEA from this profile: npm run train -- --game multiples-of-nine --bot ismcts --tune c,bias --method ntbea --budget 320 --deals 2 --verify-games 640 --workers 1 (seed 1; 80 iterations of 4 games, 1 805 s on 2 shared cores): 74 of the 80 evaluations scored exactly 0.5, the search playing greedy's move; it recommended c=0.171,bias=33.33, whose verification on held-out seed 1-verify played exactly as the profile in all 12 deals, +0.0 points (+0.0 to +0.0), SPRT H0 after 12 deals (231 s): nothing to tune, so the profile stays.",
  ],
};
