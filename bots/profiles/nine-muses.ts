import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Nine Muses (see `Profile`). */
export const nineMusesProfile: Profile = {
  bots: {
    greedy: { cardCost: 0.1293, deny: 0.2874, empty: 0.05576, keep: 1.295, museGrowth: 0.5581, scarce: 0.0463, scarceAt: 1, tokenRisk: 1.5 },
    ismcts: { c: 0.171, rollout: 'greedy', prior: 'greedy', widen: 0.5333, bias: 8.333 },
  },
  sources: [
    "greedy: npm run train -- --game nine-muses --bot greedy --budget 30000 (seed 1; SPSA over its eight weights, 10.5 s on 2 cores); verification on held-out seed 1-verify: 49.1% against the hand-tuned weights' 33.3%, +15.7 points (+10.4 to +21.0), SPRT H1 after 106 deals.",
    "ismcts: c, widen and bias by NTBEA from the options below: npm run train -- --game nine-muses --bot ismcts --tune c,widen,bias --method ntbea --budget 900 --deals 3 --verify-games 1200 --workers 1 (seed 1; 100 iterations of 9 games, 2 264 s on 2 shared cores) tuned c 0.2 → 0.171, widen 0.3 → 0.5333, bias 0 → 8.333; its verification on held-out seed 1-verify: 92.9% against the start's 87.5%, +5.4 points (+2.1 to +8.8), +1.37 VP (+0.33 to +2.40), SPRT H1 after 148 deals (1 605 s). Against greedy: npm run match -- --game nine-muses --candidate ismcts --baseline greedy --sprt --seed 1 (measured with the tuned values spelled out, --workers 1): 92.5% against greedy's 33.3%, +59.1 points (+54.8 to +63.4), +15.39 VP (+13.43 to +17.35), SPRT H1 after 53 deals (206 s).",
    "ismcts before: the options found by hand for Nine Virtues (README, Search bots: greedy prior and playouts, widening 0.3, c = 0.2) at the default 1000 iterations, its prior and playouts the tuned greedy above; npm run match -- --game nine-muses --candidate ismcts --baseline greedy --sprt --seed 1 (both with this profile): 85.2% against greedy's 33.3%, +51.9 points (+45.5 to +58.2), +13.0 VP (+10.4 to +15.6), SPRT H1 after 53 deals (574 s on 2 shared cores). Against the hand-tuned greedy, with the same options: +56.6 points (+51.0 to +62.2), H1 after 53 deals. The paper's defaults (random playouts, c = 0.7) are the starting spec any tuning is measured against.",
  ],
};
