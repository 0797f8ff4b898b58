/**
 * Nines Hold'em action ids (`../shared/rules/nines-holdem.md`, "Dealing and
 * betting"), in the order a record names them:
 *
 * | id | action | legal when |
 * |----|--------|------------|
 * | 0  | fold   | facing a bet (something to call) |
 * | 1  | check  | nothing to call |
 * | 2  | call   | something to call |
 * | 3  | bet    | no bet stands in the round (never pre-flop) |
 * | 4  | raise  | a bet stands and fewer than `maxBetsPerRound` were made |
 */
export const A_FOLD = 0;
export const A_CHECK = 1;
export const A_CALL = 2;
export const A_BET = 3;
export const A_RAISE = 4;
export const NUM_ACTIONS = 5;

/** Record `type` of each action id. */
export const ACTION_NAMES = ['fold', 'check', 'call', 'bet', 'raise'] as const;
