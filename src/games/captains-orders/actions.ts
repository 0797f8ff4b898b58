/**
 * Captain's Orders action ids (`../shared/rules/captains-orders.md`, "A round").
 * Ranks r are 1..10, seats q are 0..7 (the layout is fixed for up to 8 seats so
 * an id means the same at every table size):
 *
 * | ids      | action            |
 * |----------|-------------------|
 * | 0..9     | order r           |
 * | 10..89   | pass r to q       |
 * | 90..97   | ask q             |
 * | 98..105  | discover q        |
 * | 106..115 | follow r          |
 * | 116..125 | belay r           |
 * | 126..135 | discard r         |
 * | 136..145 | give r            |
 * | 146, 147 | declare false/true|
 */
export const MAX_SEATS = 8;
export const A_ORDER = 0;
export const A_PASS = 10;
export const A_ASK = 90;
export const A_DISCOVER = 98;
export const A_FOLLOW = 106;
export const A_BELAY = 116;
export const A_DISCARD = 126;
export const A_GIVE = 136;
export const A_DECLARE_NO = 146;
export const A_DECLARE_YES = 147;
export const NUM_ACTIONS = 148;

export const orderId = (r: number): number => A_ORDER + r - 1;
export const passId = (r: number, q: number): number => A_PASS + (r - 1) * MAX_SEATS + q;
export const askId = (q: number): number => A_ASK + q;
export const discoverId = (q: number): number => A_DISCOVER + q;
export const followId = (r: number): number => A_FOLLOW + r - 1;
export const belayId = (r: number): number => A_BELAY + r - 1;
export const discardId = (r: number): number => A_DISCARD + r - 1;
export const giveId = (r: number): number => A_GIVE + r - 1;
