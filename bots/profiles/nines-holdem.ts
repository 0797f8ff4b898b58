import type { Profile } from './profile.js';

/** The tuned defaults of the built-in bots in Nines Hold'em (see `Profile`). */
export const ninesHoldemProfile: Profile = {
  bots: {
    greedy: { betStrength: 0.02153, callMargin: 0.1778, raiseStrength: 0.6148 },
    ismcts: { rollout: 'greedy', horizon: 'round', prior: 'greedy' },
  },
  sources: [
    "greedy: npm run train -- --game nines-holdem --bot greedy --tune betStrength,raiseStrength,callMargin --objective score --budget 20000 --workers 1 (seed 1; SPSA, 208 iterations of 96 games; chips are a poker bot's measure) moved betStrength 0.1 → 0.02153, raiseStrength 0.3 → 0.6148, callMargin 0 → 0.1778; npm run match -- --game nines-holdem --candidate greedy:betStrength=0.02153,callMargin=0.1778,raiseStrength=0.6148 --baseline greedy --measure score --games 6000 --seed 1-verify: +1.23 chips per seat-game (+0.66 to +1.81) over the old weights, while winning fewer hands (10.4% against 17.0% of seat-games): it folds more and wins bigger pots. Tuning on win share instead (same command with --objective win) won more hands (+4.9 points) but lost 8.5 chips a seat-game.",
    "ismcts: greedy playouts and prior, cut at the end of the hand being played (horizon=round: Game.roundsDone counts hands, Game.runningScores is the net chips), c = 0.7. Random playouts misjudge the betting, and greedy playouts of the whole match (300-sample equities at every step, the later hands mostly noise) cost about 1 s a decision; cut at the hand's end they cost 30-100 ms. Chosen from three 20-deal trials against greedy (npm run match -- --game nines-holdem --candidate SPEC --baseline greedy --games 240 --seed 5 --workers 1): ismcts:rollout=greedy,horizon=round,prior=greedy,c=0.7,bias=0 +14.7 points win share (+5.3 to +24.2), +0.83 chips (−3.36 to +5.01); prior=greedy,c=0.3,bias=5 +11.2 (+2.9 to +19.6), +1.06 chips; prior=none,c=0.7 +13.9 (+4.3 to +23.5), −1.30 chips. Confirmed: npm run match -- --game nines-holdem --candidate ismcts --baseline greedy --sprt --seed 1: 30.1% against greedy's 15.0% in its place, +15.1 points (+9.6 to +20.7), SPRT H1 after 54 deals (175 s on 2 shared cores); net chips −0.53 a seat-game (−3.71 to +2.64), a tie: it wins more matches, not more chips. Before: c=0.05,prior=greedy,bias=50 with random playouts to the match's end (NTBEA on chips, npm run train -- --game nines-holdem --bot ismcts --tune c,prior,bias,widen --method ntbea --objective score --budget 2400 --deals 4 --ntbea-levels 4 --no-verify) tied greedy: −0.10 chips (−0.28 to +0.09), −0.1 points win share (−0.7 to +0.6) over 400 deals.",
  ],
};
