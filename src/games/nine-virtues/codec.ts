import type { RecordAction } from '../../core/index.js';
import { A_CALL, A_KILL, A_SWAP, bidId, callId, killId, swapId } from './actions.js';
import { type NineVirtuesState, Phase } from './state.js';

function decider(s: NineVirtuesState): number {
  return s.phase === Phase.Call ? s.caller : s.turn;
}

/**
 * The record entry of action `a` in `s`, in the vocabulary of
 * `nine-virtues.md`, "Record vocabulary": `{"seat":1,"type":"bid","rank":7}`,
 * `{"seat":2,"type":"swap","give":3,"take":9}`, `{"seat":0,"type":"kill","rank":5}`,
 * `{"seat":3,"type":"call","rank":8}`.
 */
export function encodeAction(s: NineVirtuesState, a: number): RecordAction {
  const seat = decider(s);
  if (a < A_SWAP) return { seat, type: 'bid', rank: a + 1 };
  if (a < A_KILL) return { seat, type: 'swap', give: (((a - A_SWAP) / 10) | 0) + 1, take: ((a - A_SWAP) % 10) + 1 };
  if (a < A_CALL) return { seat, type: 'kill', rank: a - A_KILL + 1 };
  return { seat, type: 'call', rank: a - A_CALL + 1 };
}

function rank(e: RecordAction, key: string): number {
  const v = e[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 10) {
    throw new Error(`nine-virtues record: ${e.type} needs a rank 1..10 in '${key}'`);
  }
  return v;
}

/**
 * The action id of a record entry. Every entry of this game is a decision
 * (the vocabulary has no automatic steps), so it never returns null.
 * @throws Error for an unknown type, a rank outside 1..10, or a seat that is not the one deciding.
 */
export function decodeAction(s: NineVirtuesState, e: RecordAction): number | null {
  if (e.seat !== decider(s)) throw new Error(`nine-virtues record: seat ${String(e.seat)} acts but seat ${decider(s)} decides`);
  switch (e.type) {
    case 'bid':
      return bidId(rank(e, 'rank'));
    case 'swap':
      return swapId(rank(e, 'give'), rank(e, 'take'));
    case 'kill':
      return killId(rank(e, 'rank'));
    case 'call':
      return callId(rank(e, 'rank'));
    default:
      throw new Error(`nine-virtues record: unknown action type '${e.type}'`);
  }
}
