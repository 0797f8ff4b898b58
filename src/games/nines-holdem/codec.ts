import type { RecordAction } from '../../core/index.js';
import { ACTION_NAMES } from './actions.js';
import { type NinesHoldemState, Phase } from './state.js';

/** The record entry of action `a` (`nines-holdem.md`, "Record vocabulary"): `{"seat":3,"type":"raise"}`. */
export function encodeAction(s: NinesHoldemState, a: number): RecordAction {
  const type = ACTION_NAMES[a];
  if (type === undefined) throw new Error(`nines-holdem: no action ${a}`);
  return { seat: s.toAct, type };
}

/**
 * The action id of a record entry (every entry is a decision).
 * @throws Error for an unknown type or a seat that does not act.
 */
export function decodeAction(s: NinesHoldemState, e: RecordAction): number {
  if (s.phase === Phase.Over || e.seat !== s.toAct) {
    throw new Error(`nines-holdem record: seat ${String(e.seat)} acts but ${s.phase === Phase.Over ? 'the match is over' : `seat ${s.toAct} is to act`}`);
  }
  const a = (ACTION_NAMES as readonly string[]).indexOf(e.type);
  if (a < 0) throw new Error(`nines-holdem record: unknown action type '${e.type}'`);
  return a;
}
