import type { RecordAction } from '../../core/index.js';
import { callId, decodeId, demonstrateId, exchangeId, Kind, stealId, toilId, type DecodedAction } from './actions.js';
import { KNOWLEDGE, type Knowledge } from './cards.js';
import { CENTER, type NineMusesState, Phase } from './state.js';

const D: DecodedAction = { kind: Kind.Toil, card: 0, arg: 0, count: 0 };

/**
 * The record entry of action `a` in `s` (before it is applied), in the
 * vocabulary of `nine-muses.md`, "Record vocabulary": `exchange {card, option}`
 * (option: 0-based index into the card's options), `call {card, muse, from}`
 * (`from`: "center" or a seat), `demonstrate {card, knowledge, count}`,
 * `toil {card}`, `steal {knowledge, from}`; cards and Muses by name,
 * Knowledge as "craft" | "science" | "ethics".
 */
export function encodeAction(s: NineMusesState, a: number): RecordAction {
  const seat = s.turn;
  const d = decodeId(a, D);
  const phils = s.cards.philosophers;
  const card = d.kind === Kind.Steal ? '' : (phils[d.card]?.name ?? `#${d.card}`);
  switch (d.kind) {
    case Kind.Exchange:
      return { seat, type: 'exchange', card, option: d.arg };
    case Kind.Call: {
      const loc = s.museLoc[d.arg] ?? CENTER;
      return { seat, type: 'call', card, muse: s.cards.muses[d.arg]?.name ?? `#${d.arg}`, from: loc === CENTER ? 'center' : loc };
    }
    case Kind.Demonstrate:
      return { seat, type: 'demonstrate', card, knowledge: KNOWLEDGE[d.arg]!, count: d.count };
    case Kind.Toil:
      return { seat, type: 'toil', card };
    case Kind.Steal:
      return { seat, type: 'steal', knowledge: KNOWLEDGE[s.stealType]!, from: d.arg };
  }
}

function int(e: RecordAction, key: string): number {
  const v = e[key];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new Error(`nine-muses record: ${e.type} needs integer '${key}'`);
  return v;
}

function cardIndex(s: NineMusesState, e: RecordAction): number {
  const i = s.cards.philosophers.findIndex((p) => p.name === e.card);
  if (i < 0) throw new Error(`nine-muses record: unknown Philosopher '${String(e.card)}'`);
  return i;
}

function knowledgeIndex(e: RecordAction): number {
  const i = KNOWLEDGE.indexOf(e.knowledge as Knowledge);
  if (i < 0) throw new Error(`nine-muses record: unknown knowledge '${String(e.knowledge)}'`);
  return i;
}

/**
 * The action id of a record entry; null for the chance event `reshuffle`.
 * @throws Error for an unknown type, name, or a seat that is not the one deciding.
 */
export function decodeAction(s: NineMusesState, e: RecordAction): number | null {
  if (e.type === 'reshuffle') return null;
  if (s.phase === Phase.Over || e.seat !== s.turn) throw new Error(`nine-muses record: seat ${String(e.seat)} acts but seat ${s.turn} decides`);
  switch (e.type) {
    case 'exchange':
      return exchangeId(cardIndex(s, e), int(e, 'option'));
    case 'call': {
      const m = s.cards.muses.findIndex((x) => x.name === e.muse);
      if (m < 0) throw new Error(`nine-muses record: unknown Muse '${String(e.muse)}'`);
      return callId(cardIndex(s, e), m);
    }
    case 'demonstrate':
      return demonstrateId(cardIndex(s, e), knowledgeIndex(e), int(e, 'count'));
    case 'toil':
      return toilId(cardIndex(s, e));
    case 'steal':
      if (knowledgeIndex(e) !== s.stealType) throw new Error(`nine-muses record: steal of ${String(e.knowledge)} while ${KNOWLEDGE[s.stealType]} is taken`);
      return stealId(int(e, 'from'));
    default:
      throw new Error(`nine-muses record: unknown action type '${e.type}'`);
  }
}

/**
 * Writes the round header `{"dealer": first player, "deal": {"muses": [the
 * center row, in reveal order], "hands": [[Philosopher names dealt], ...]}}`
 * and, when the deal ran the deck out, the chance event `{"seat", "type":
 * "reshuffle"}` (seat: the player the next card was for).
 */
export function recordRoundStart(s: NineMusesState, dealt: readonly (readonly number[])[]): void {
  const rec = s.recorder;
  if (!rec) return;
  const muses: string[] = [];
  for (let i = 0; i < s.revealed; i++) {
    const m = s.museOrder[i]!;
    if (s.museLoc[m] === CENTER) muses.push(s.cards.muses[m]!.name);
  }
  const hands: string[][] = [];
  for (let q = 0; q < s.players; q++) hands.push((dealt[q] ?? []).map((t) => s.cards.philosophers[t]!.name));
  rec.startRound({ dealer: s.first, deal: { muses, hands } });
  if (s.reshuffleSeat >= 0) rec.action({ seat: s.reshuffleSeat, type: 'reshuffle' });
}
