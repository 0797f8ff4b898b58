import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Nines Hold'em (see `Profile`). */
export const ninesHoldemProfile: Profile = {
  bots: {
    greedy: { betStrength: 0.02153, callMargin: 0.1778, raiseStrength: 0.6148 },
  },
  sources: [
    "greedy: npm run train -- --game nines-holdem --bot greedy --tune betStrength,raiseStrength,callMargin --objective score --budget 20000 --workers 1 (seed 1; SPSA, 208 iterations of 96 games; chips are a poker bot's measure) moved betStrength 0.1 → 0.02153, raiseStrength 0.3 → 0.6148, callMargin 0 → 0.1778; npm run match -- --game nines-holdem --candidate greedy:betStrength=0.02153,callMargin=0.1778,raiseStrength=0.6148 --baseline greedy --measure score --games 6000 --seed 1-verify: +1.23 chips per seat-game (+0.66 to +1.81) over the old weights, while winning fewer hands (10.4% against 17.0% of seat-games): it folds more and wins bigger pots. Tuning on win share instead (same command with --objective win) won more hands (+4.9 points) but lost 8.5 chips a seat-game.",
  ],
};
