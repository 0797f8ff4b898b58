import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Nines Hold'em (see `Profile`). */
export const ninesHoldemProfile: Profile = {
  bots: {
    greedy: { betStrength: 0.02153, callMargin: 0.1778, raiseStrength: 0.6148 },
    ismcts: { c: 0.05, prior: 'greedy', bias: 50 },
  },
  sources: [
    "greedy: npm run train -- --game nines-holdem --bot greedy --tune betStrength,raiseStrength,callMargin --objective score --budget 20000 --workers 1 (seed 1; SPSA, 208 iterations of 96 games; chips are a poker bot's measure) moved betStrength 0.1 → 0.02153, raiseStrength 0.3 → 0.6148, callMargin 0 → 0.1778; npm run match -- --game nines-holdem --candidate greedy:betStrength=0.02153,callMargin=0.1778,raiseStrength=0.6148 --baseline greedy --measure score --games 6000 --seed 1-verify: +1.23 chips per seat-game (+0.66 to +1.81) over the old weights, while winning fewer hands (10.4% against 17.0% of seat-games): it folds more and wins bigger pots. Tuning on win share instead (same command with --objective win) won more hands (+4.9 points) but lost 8.5 chips a seat-game.",
    "ismcts: npm run train -- --game nines-holdem --bot ismcts --tune c,prior,bias,widen --method ntbea --objective score --budget 2400 --deals 4 --ntbea-levels 4 --no-verify (seed 1; 100 NTBEA iterations of 24 games against the tuned greedy, 586 s) recommended c=0.05, prior=greedy, bias=50, widen=0 (model mean +0.26 chips a seat-game): a search that keeps greedy's move unless its playouts clearly disagree. npm run match -- --game nines-holdem --candidate ismcts:bias=50,c=0.05,prior=greedy --baseline greedy --measure score --games 4800 --seed 1: −0.10 chips (−0.28 to +0.09), win share −0.1 points (−0.7 to +0.6) over 400 deals: a tie, not stronger (the paper's defaults lost 26 chips a seat-game to the old greedy). Random playouts misjudge the betting and greedy playouts (300-sample equity at every step) cost too much at 1000 iterations; a stronger search here is open.",
  ],
};
