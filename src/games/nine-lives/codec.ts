import type { RecordAction } from '../../core/index.js';
import { A_CROWN, A_PLAY, bidId, crownId, DECLARABLE, playId } from './actions.js';
import { cardName, FIRST_CROWN, numberOf, parseCard, parseSuit, SUIT_CODES } from './cards.js';
import { NineLivesState, Phase } from './state.js';

/**
 * The record entry of action `a` in `s`, in the vocabulary of `nine-lives.md`,
 * "Record vocabulary": `{"seat":1,"type":"bid","card":"he7"}`,
 * `{"seat":2,"type":"play","card":"sp3"}`, `{"seat":0,"type":"play","card":"cr5","as":"di"}`.
 */
export function encodeAction(s: NineLivesState, a: number): RecordAction {
  const seat = s.turn;
  if (a < A_PLAY) return { seat, type: 'bid', card: cardName(a) };
  if (a < A_CROWN) return { seat, type: 'play', card: cardName(a - A_PLAY) };
  const k = a - A_CROWN;
  return { seat, type: 'play', card: cardName(FIRST_CROWN + ((k / DECLARABLE) | 0)), as: SUIT_CODES[k % DECLARABLE]! };
}

/**
 * The action id of a record entry (every entry of this game is a decision).
 * @throws Error for an unknown type, a malformed card, or a seat that is not the one deciding.
 */
export function decodeAction(s: NineLivesState, e: RecordAction): number | null {
  if (s.phase === Phase.Over || e.seat !== s.turn) throw new Error(`nine-lives record: seat ${String(e.seat)} acts but seat ${s.turn} decides`);
  const c = parseCard(e.card);
  switch (e.type) {
    case 'bid':
      return bidId(c);
    case 'play':
      if (e.as === undefined) return playId(c);
      if (c < FIRST_CROWN) throw new Error(`nine-lives record: only a crown is declared, not ${String(e.card)}`);
      {
        const d = parseSuit(e.as);
        if (d >= DECLARABLE) throw new Error(`nine-lives record: a crown cannot be declared crowns`);
        return crownId(numberOf(c), d);
      }
    default:
      throw new Error(`nine-lives record: unknown action type '${e.type}'`);
  }
}
