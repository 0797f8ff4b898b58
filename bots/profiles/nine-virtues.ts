import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Nine Virtues (see `Profile`). */
export const nineVirtuesProfile: Profile = {
  bots: {
    ismcts: { c: 0.3162, rollout: 'greedy', prior: 'greedy', widen: 0, horizon: 'round' },
  },
  sources: [
    'greedy keeps its hand-tuned weights: npm run train -- --game nine-virtues --bot greedy --budget 200000 (seed 1; SPSA, 3125 iterations of 64 games, 5 min 12 s) ended at leak 0.1442, denial 0.03289, wild 5.823, and its verification on held-out seed 1-verify found it not stronger: 23.8% against 25.0%, −1.3 points (−3.6 to +1.1), SPRT H0 after 80 deals.',
    "ismcts: c and widen by NTBEA from the hand-found options: npm run train -- --game nine-virtues --bot ismcts --tune c,widen,bias --method ntbea --budget 5000 (seed 1, started from c=0.2,rollout=greedy,prior=greedy,widen=0.3,horizon=round; 156 iterations of 32 games, 5 877 s on 2 shared cores, stopped and resumed once) tuned c 0.2 → 0.3162, widen 0.3 → 0, bias 0; its verification on held-out seed 1-verify: 33.4% against the start's 27.7%, +5.7 points (+2.8 to +8.5), +2.00 game points (+1.16 to +2.83), SPRT H1 after 240 deals (1 083 s). Against greedy: npm run match -- --game nine-virtues --candidate ismcts --baseline greedy --sprt --seed 1: 34.7% against greedy's 25.0%, +9.7 points (+5.3 to +14.1), +2.14 game points (+0.40 to +3.89), SPRT H1 after 80 deals (224 s).",
    "ismcts before: the options found by hand (README, Search bots: greedy prior and playouts, widening 0.3, c = 0.2, the round horizon) at the default 1000 iterations; npm run match -- --game nine-virtues --candidate ismcts:c=0.2,rollout=greedy,prior=greedy,widen=0.3,horizon=round --baseline greedy --sprt --seed 1: 27.7% against greedy's 25.0%, +2.7 points (+0.6 to +4.9), score +0.03 points (−0.88 to +0.94), SPRT H1 after 240 deals (738 s on 2 shared cores). NTBEA over c, widen and bias of the paper's ismcts (npm run train -- --game nine-virtues --bot ismcts --tune c,widen,bias --method ntbea --budget 5000: bias=8.333,c=0.7,widen=0.6667) was not stronger than its start (5.0% against 5.4%, SPRT H0 after 280 deals): random playouts to the game's end are what loses.",
  ],
};
