import type { RecordAction } from '../../core/index.js';
import {
  A_ASK,
  A_BELAY,
  A_DECLARE_NO,
  A_DECLARE_YES,
  A_DISCARD,
  A_DISCOVER,
  A_FOLLOW,
  A_GIVE,
  A_PASS,
  MAX_SEATS,
  askId,
  belayId,
  discardId,
  discoverId,
  followId,
  giveId,
  orderId,
  passId,
} from './actions.js';
import { type CaptainsOrdersState, Phase } from './state.js';

function decider(s: CaptainsOrdersState): number {
  if (s.phase === Phase.Discard || s.phase === Phase.Give) return s.pending;
  if (s.phase === Phase.Declare) return s.runout;
  return s.turn;
}

/**
 * The record entry of action `a` in `s`, in the vocabulary of
 * `captains-orders.md`, "Record vocabulary" (e.g. `{"seat":2,"type":"pass","rank":4,"to":0}`).
 */
export function encodeAction(s: CaptainsOrdersState, a: number): RecordAction {
  const seat = decider(s);
  if (a < A_PASS) return { seat, type: 'order', rank: a + 1 };
  if (a < A_ASK) return { seat, type: 'pass', rank: (((a - A_PASS) / MAX_SEATS) | 0) + 1, to: (a - A_PASS) % MAX_SEATS };
  if (a < A_DISCOVER) return { seat, type: 'ask', from: a - A_ASK };
  if (a < A_FOLLOW) return { seat, type: 'discover', target: a - A_DISCOVER };
  if (a < A_BELAY) return { seat, type: 'follow', rank: a - A_FOLLOW + 1 };
  if (a < A_DISCARD) return { seat, type: 'belay', rank: a - A_BELAY + 1 };
  if (a < A_GIVE) return { seat, type: 'discard', rank: a - A_DISCARD + 1 };
  if (a < A_DECLARE_NO) return { seat, type: 'give', rank: a - A_GIVE + 1, to: s.turn };
  return { seat, type: 'declare', captain: a === A_DECLARE_YES };
}

function int(e: RecordAction, key: string): number {
  const v = e[key];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new Error(`captains-orders record: ${e.type} needs integer '${key}'`);
  return v;
}

/**
 * The action id of a record entry; null for the automatic `retire`.
 * @throws Error for an unknown type or a seat that is not the one deciding.
 */
export function decodeAction(s: CaptainsOrdersState, e: RecordAction): number | null {
  if (e.type === 'retire') return null;
  if (e.seat !== decider(s)) throw new Error(`captains-orders record: seat ${String(e.seat)} acts but seat ${decider(s)} decides`);
  switch (e.type) {
    case 'order':
      return orderId(int(e, 'rank'));
    case 'pass':
      return passId(int(e, 'rank'), int(e, 'to'));
    case 'ask':
      return askId(int(e, 'from'));
    case 'discover':
      return discoverId(int(e, 'target'));
    case 'follow':
      return followId(int(e, 'rank'));
    case 'belay':
      return belayId(int(e, 'rank'));
    case 'discard':
      return discardId(int(e, 'rank'));
    case 'give':
      return giveId(int(e, 'rank'));
    case 'declare':
      return e.captain === true ? A_DECLARE_YES : A_DECLARE_NO;
    default:
      throw new Error(`captains-orders record: unknown action type '${e.type}'`);
  }
}
