import { Kind } from './actions.js';
import { MAX_OPTIONS } from './cards.js';
import { CENTER, IN_DECK, type NineMusesState, NUM_KINDS, NUM_SOURCES, SRC_ARISTOTLE, SRC_EXCHANGE, SRC_MUSE } from './state.js';

/** VP of one seat by where they came from. */
export interface VpBySource {
  /** Demonstrations at the base Aristotle rate, per Knowledge type. */
  readonly aristotle: { readonly craft: number; readonly science: number; readonly ethics: number };
  /** Muse abilities: start-of-turn VP plus the extra of raised Aristotle rates. */
  readonly muse: number;
  /** VP gained directly by Philosopher options. */
  readonly exchange: number;
}

/** Decisions of one seat by kind; `steal` counts tokens taken from opponents. */
export interface ActionMix {
  readonly exchange: number;
  readonly call: number;
  readonly demonstrate: number;
  readonly toil: number;
  readonly steal: number;
}

/** One seat's figures for a game. */
export interface SeatBalance {
  readonly vp: number;
  readonly vpBySource: VpBySource;
  /** Muses called from the center row. */
  readonly musesCalled: number;
  /** Muses taken from another player. */
  readonly musesStolen: number;
  /** Muses another player took from this seat. */
  readonly musesLost: number;
  /** Muses held at the end. */
  readonly musesHeld: number;
  readonly actions: ActionMix;
  /** Knowledge tokens opponents took from this seat. */
  readonly tokensLost: number;
}

/** One Muse's figures for a game. */
export interface MuseBalance {
  readonly name: string;
  /** Times called from the center row (0 or 1). */
  readonly called: number;
  /** Times taken from a player. */
  readonly stolen: number;
  /** VP her ability gave (all holders). */
  readonly vp: number;
  /** Where she ended: a seat, "center", or "deck" (never revealed). */
  readonly end: number | 'center' | 'deck';
}

/**
 * What a balance section needs from one finished (or running) game: VP by
 * source per seat, Muses called and stolen, the action mix. The card-set
 * title and its `reconstruction` flag travel along so a report can label
 * figures of the reconstructed cards as such. (The tournament's balance
 * report uses `nineMusesBalance` in balance.ts, built on the same counters.)
 */
export interface NineMusesStats {
  readonly cards: string;
  readonly reconstruction: boolean;
  readonly seats: readonly SeatBalance[];
  readonly muses: readonly MuseBalance[];
  /** Exchanges by Philosopher option (all seats); `option` is the 0-based index into the card's options. */
  readonly options: readonly { readonly card: string; readonly option: number; readonly uses: number }[];
}

/**
 * The balance figures of game state `s` (`nine-muses` only; allocates, call
 * once per game). Sums over seats of `vpBySource` equal the VP.
 */
export function nineMusesStats(s: NineMusesState): NineMusesStats {
  const seats: SeatBalance[] = [];
  for (let q = 0; q < s.players; q++) {
    const v = (src: number): number => s.vpSource[q * NUM_SOURCES + src]!;
    const a = (k: Kind): number => s.actionMix[q * NUM_KINDS + k]!;
    let held = 0;
    for (let m = 0; m < s.numMuses; m++) if (s.museLoc[m] === q) held++;
    seats.push({
      vp: s.vp[q]!,
      vpBySource: {
        aristotle: { craft: v(SRC_ARISTOTLE), science: v(SRC_ARISTOTLE + 1), ethics: v(SRC_ARISTOTLE + 2) },
        muse: v(SRC_MUSE),
        exchange: v(SRC_EXCHANGE),
      },
      musesCalled: s.calledFromCenter[q]!,
      musesStolen: s.calledFromPlayer[q]!,
      musesLost: s.musesLost[q]!,
      musesHeld: held,
      actions: { exchange: a(Kind.Exchange), call: a(Kind.Call), demonstrate: a(Kind.Demonstrate), toil: a(Kind.Toil), steal: a(Kind.Steal) },
      tokensLost: s.tokensLost[q]!,
    });
  }
  const muses: MuseBalance[] = s.cards.muses.map((m, i) => {
    const loc = s.museLoc[i]!;
    return {
      name: m.name,
      called: s.callsByMuse[i]!,
      stolen: s.stealsByMuse[i]!,
      vp: s.vpByMuse[i]!,
      end: loc === CENTER ? 'center' : loc === IN_DECK ? 'deck' : loc,
    };
  });
  const options: { card: string; option: number; uses: number }[] = [];
  s.cards.philosophers.forEach((p, t) =>
    p.options.forEach((_, o) => {
      let uses = 0;
      for (let q = 0; q < s.players; q++) uses += s.optionUse[(q * s.types + t) * MAX_OPTIONS + o]!;
      options.push({ card: p.name, option: o, uses });
    }),
  );
  return { cards: s.cards.title, reconstruction: s.cards.reconstruction, seats, muses, options };
}
