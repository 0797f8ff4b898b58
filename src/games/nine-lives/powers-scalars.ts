/**
 * The public scalar block `pw` of the Powers variant (`powers.ts`): its
 * indices, the turn flags and the pending choices. Every public scalar lives
 * in `pw` so that the observation copies it whole; hidden cards are never in
 * `pw`, only in `where` and in the slots.
 */

// ---- Indices of the public block `pw`. ----
/** The leading suit of the current trick (-1 before the lead). */
export const PW_LEAD = 0;
/** The slot whose card set the leading suit. */
export const PW_LEADSLOT = 1;
/** Powers used in this trick. */
export const PW_USED = 2;
/** 1: `limitless_power` was used in this trick. */
export const PW_LIMITLESS = 3;
/** 1: `no_lead` is in force. */
export const PW_NOLEAD = 4;
/** 1: `shuffle_hand_all` is in force. */
export const PW_SHUFALL = 5;
/** 1: `blind_play` is in force. */
export const PW_BLIND = 6;
/** SIZE: `SIZE_ANY`, `SIZE_HIGH` or `SIZE_LOW`. */
export const PW_SIZE = 7;
/** PARITY: `PARITY_ANY`, `PARITY_ODD` or `PARITY_EVEN`. */
export const PW_PARITY = 8;
export const PW_BOOST = 9;
export const PW_NERF = 10;
/** 1: `double_trick` waits for the end of the first lap. */
export const PW_DOUBLE = 11;
/** Laps of this trick (1, or 2 after `double_trick`). */
export const PW_LAPS = 12;
/** RANK: `RANK_HIGH`, `RANK_LOW`, `RANK_FIRST` or `RANK_LAST`. */
export const PW_RANK = 13;
/** Powers recorded in `ev*` this trick. */
export const PW_EVN = 14;
/** The current turn's own powers (F_* bits). */
export const PW_TFLAGS = 15;
/** `swap_hand` swaps still to make after the current play. */
export const PW_TSWAPS = 16;
/** The pending choice (C_*; `C_NONE` none). */
export const PW_CHOICE = 17;
/** The seat whose turn it is (the power user while others decide). */
export const PW_USER = 18;
/** A public card of a pending choice: `draw_new`'s take, `steal_from_trick`'s slot. */
export const PW_CARD = 19;
/** The row card spent by a power whose arguments are pending. */
export const PW_SPENT = 20;
/** A carousel's direction (+1 left, -1 right) and cards per seat. */
export const PW_CAR_DIR = 21;
export const PW_CAR_G = 22;
/** Seats done in the current carousel or `end_promise`. */
export const PW_K = 23;
/** 1: this trick is the promise trick. */
export const PW_PTRICK = 24;
/** The winner of the trick being ended. */
export const PW_WINNER = 25;
/** The trick end: the next event index to scan for steals. */
export const PW_STEAL = 26;
/** Row cards still to place. */
export const PW_ROWS = 27;
/** The slot being replayed after `force_takeback` (-1 none). */
export const PW_REPLAY = 28;
/** The card taken back by `force_takeback` (judged as if not in hand), -1 none. */
export const PW_TAKEN = 29;
/** The slot whose card awaits its declaration. */
export const PW_DECLSLOT = 30;
/** A wildcard's declared suit while its number is chosen. */
export const PW_DECLSUIT = 31;
/** The stage of the trick end: `STAGE_NONE` (not ending) or `STAGE_TURN_UP` .. `STAGE_NEXT`. */
export const PW_STAGE = 32;
/** The slot of the card the `swap_hand` user played (it moves with each swap). */
export const PW_SWAPCARD = 33;
/** 1: the play being made is bound to follow (for the shown void). */
export const PW_BOUND = 34;
/** 1: the declaration being made is free (a random or forced play). */
export const PW_FREE = 35;
/** 1: a wildcard declaration must be the leading suit. */
export const PW_MUSTLEAD = 36;
/** The seat whose hand the current `end_promise` starts from (the user). */
export const PW_KEEPER_BY = 37;

// ---- Codes of the scalars that hold one of a few values. ----
// The size a play must have (PW_SIZE; section 7, `play_above_5` and `play_below_5`).
/** Any number may be played. */
export const SIZE_ANY = 0;
/** `play_above_5`: 6 to 9. */
export const SIZE_HIGH = 1;
/** `play_below_5`: 1 to 4. */
export const SIZE_LOW = 2;
/** Codes of PW_SIZE: 0 .. SIZE_CODES - 1. */
export const SIZE_CODES = 3;

// The parity a play must have (PW_PARITY; `play_odd`, `play_even`).
export const PARITY_ANY = 0;
export const PARITY_ODD = 1;
export const PARITY_EVEN = 2;
/** Codes of PW_PARITY: 0 .. PARITY_CODES - 1. */
export const PARITY_CODES = 3;

// Which card of the winning suit takes the trick (PW_RANK; section 4.5).
/** The highest number (the base rule). */
export const RANK_HIGH = 0;
/** `reverse_order` (and a crown in the trick with Black Cat): the lowest number. */
export const RANK_LOW = 1;
/** `order_first`: the earliest card played. */
export const RANK_FIRST = 2;
/** `order_last`: the latest card played. */
export const RANK_LAST = 3;
/** Codes of PW_RANK: 0 .. RANK_CODES - 1. */
export const RANK_CODES = 4;

// The stages of a trick's end (PW_STAGE; section 5, steps 2 to 7).
/** The trick is not ending (`pw` is cleared at each trick's start). */
export const STAGE_NONE = 0;
/** 5.2 face-down cards turned up, 5.3 the winner found. */
export const STAGE_TURN_UP = 1;
/** 5.4 each `steal_from_trick` user swaps, in the order used; then 5.5 FATE. */
export const STAGE_STEALS = 2;
/** 5.5 the winner's `row` choices; the rest of the trick to the discard; then 5.6 KEEPER's choice. */
export const STAGE_ROWS = 3;
/** 5.6 a `pick_start` user names the next Kittykeeper. */
export const STAGE_KEEPER = 4;
/** 5.6 the next Kittykeeper, 5.7 the next trick, the promise trick or scoring. */
export const STAGE_NEXT = 5;

// Turn flags (PW_TFLAGS, slotFlags).
export const F_NEWLEAD = 1;
export const F_WILD = 2;
/** `shuffle_hand`: this play is drawn at random. */
export const F_RANDOM = 4;

// Pending choices.
/** No choice is pending. */
export const C_NONE = 0;
export const C_SP_GIVE = 1;
export const C_SP_TARGET = 2;
export const C_DN_TAKE = 3;
export const C_DN_DROP = 4;
export const C_RV_SUIT = 5;
export const C_RV_NUM = 6;
export const C_DECL_SUIT = 7;
export const C_DECL_NUM = 8;
export const C_SWAP = 9;
export const C_CAROUSEL = 10;
export const C_ASIDE = 11;
export const C_REPLAY = 12;
export const C_STEAL_TAKE = 13;
export const C_STEAL_GIVE = 14;
export const C_ROW = 15;
export const C_KEEPER = 16;
