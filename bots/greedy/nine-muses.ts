import type { Bot } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import { actions, CENTER, IN_DECK, type NineMusesObservation, Phase } from '../../src/games/nine-muses/index.js';
import { parseNameSet } from './switches.js';

const { decodeId, Kind } = actions;

/** Tuning knobs of the heuristic; `nineMusesGreedy` uses {@link DEFAULT_WEIGHTS}. */
export interface NineMusesWeights {
  /** Worth of a held token relative to its Aristotle rate (it may be stolen or stranded). */
  readonly tokenRisk: number;
  /** Chance-like factor that a called Muse stays for her remaining turns. */
  readonly keep: number;
  /** Share of an opponent's loss counted when taking a Muse or tokens from them. */
  readonly deny: number;
  /** Share of a discarded Philosopher's best use counted as a cost. */
  readonly cardCost: number;
  /** How much less than `tokenRisk` a held token is worth while its type's pool holds 1..`scarceAt` tokens (it will soon be taken from players' hands). */
  readonly scarce: number;
  /** How much less than `tokenRisk` a held token is worth once its type's pool is empty (the type is then taken from players' hands). */
  readonly empty: number;
  /** The pool size at or below which a Knowledge type counts as scarce. */
  readonly scarceAt: number;
  /** Tokens of a lasting Muse's Knowledge type her holder is expected to gain per remaining turn (her rate applies to them too). */
  readonly museGrowth: number;
  /**
   * Action kinds (`Kind`) the bot never chooses while another is legal: a
   * counterfactual switch (`greedy:forbid=call`, see `switches.ts`; the
   * balance script's "no dominant action" checks).
   */
  readonly forbid: readonly number[];
}

export const DEFAULT_WEIGHTS: NineMusesWeights = {
  tokenRisk: 0.9,
  keep: 0.6,
  deny: 0.5,
  cardCost: 0.25,
  scarce: 0.1,
  empty: 0.2,
  scarceAt: 2,
  museGrowth: 0.4,
  forbid: [],
};

const H = new Float64Array(3);
const RATES = new Float64Array(3);
const V = new Float64Array(3);
const D: actions.DecodedAction = { kind: Kind.Toil, card: 0, arg: 0, count: 0 };

/** The action kinds `forbid` names, by `Kind` ("A turn", 2; a steal is not a choice of action, only of whom to take from). */
export const FORBIDDABLE_KINDS: readonly string[] = ['exchange', 'call', 'demonstrate', 'toil'];

/**
 * The kinds a `forbid` value names (`none`, or kinds joined by '+'), as `Kind` numbers.
 * @throws BotSpecError naming an unknown kind.
 */
export function parseForbid(value: number | string | undefined): number[] {
  // `forbid` lists what is off, the opposite of the other switches: none (the default) forbids nothing.
  const named = parseNameSet('forbid', value ?? 'none', FORBIDDABLE_KINDS);
  const out: number[] = [];
  for (let k = 0; k < named.length; k++) if (named[k] === 1) out.push(k);
  return out;
}

/**
 * Where the helpers below leave their results: a double returned from a
 * call V8 does not inline is boxed (16 bytes a time), and a playout calls
 * them thousands of times. OUT[0] `rateOf`, OUT[1] `potential`, OUT[2]
 * `museWorth`, OUT[3] `cardWorth`.
 */
const OUT = new Float64Array(4);

/** Seat q's Aristotle rate for k in `o` (base + lasting Muse abilities it holds), into OUT[0]. */
function rateOf(o: NineMusesObservation, q: number, k: number): void {
  OUT[0] = o.cards.rates[k]!;
  for (let m = 0; m < o.numMuses; m++) if (o.museLoc[m] === q && o.cards.muses[m]!.rateKnowledge === k) OUT[0] += o.cards.muses[m]!.rateAdd;
}

/** Per Knowledge type, the worth factor of a held token (set per decision from the pool). */
const RISK = new Float64Array(3);

/**
 * VP that holdings h can still become in `turns` demonstrations (one
 * Knowledge type per turn), each type discounted by its risk factor: a type
 * the pool has run out of is taken from players' hands ("Knowledge flow").
 * Into OUT[1].
 */
function potential(h: Float64Array, rates: Float64Array, turns: number): void {
  if (turns <= 0) {
    OUT[1] = 0;
    return;
  }
  for (let k = 0; k < 3; k++) V[k] = h[k]! * rates[k]! * RISK[k]!;
  const a = V[0]!;
  const b = V[1]!;
  const c = V[2]!;
  // the best `turns` of three values
  if (turns >= 3) OUT[1] = a + b + c;
  else if (turns === 1) OUT[1] = Math.max(a, b, c);
  else OUT[1] = a + b + c - Math.min(a, b, c);
}

/** Decisions seat q still has after the current round's remaining cards: hand plus later rounds. */
function turnsLeft(o: NineMusesObservation, q: number): number {
  return o.handCount[q]! + (o.cards.rounds - o.round) * 3;
}

/** What Muse m is worth per remaining turn to seat q (start gains valued at q's rates), into OUT[2]. */
function museWorth(o: NineMusesObservation, m: number, q: number, turns: number, w: NineMusesWeights): void {
  const muse = o.cards.muses[m]!;
  if (turns <= 0) {
    OUT[2] = 0;
    return;
  }
  if (muse.rateKnowledge >= 0) {
    const have = o.know[q * 3 + muse.rateKnowledge]!;
    OUT[2] = muse.rateAdd * (have + w.museGrowth * turns) * w.keep;
    return;
  }
  const g = muse.startGain;
  OUT[2] = g[3]!;
  for (let k = 0; k < 3; k++) {
    rateOf(o, q, k);
    OUT[2] += g[k]! * OUT[0]! * w.tokenRisk;
  }
  OUT[2] *= turns * w.keep;
}

/** The best use of a Philosopher of type t for `o`'s seat now (at least Toil's), in VP-like units, into OUT[3]. */
function cardWorth(o: NineMusesObservation, t: number, w: NineMusesWeights): void {
  const me = o.seat;
  let best = RATES[0]! * w.tokenRisk;
  const opts = o.cards.philosophers[t]!.options;
  for (let i = 0; i < opts.length; i++) {
    const opt = opts[i]!;
    let ok = true;
    let v = opt.gain[3]!;
    for (let k = 0; k < 3; k++) {
      if (o.know[me * 3 + k]! < opt.pay[k]!) ok = false;
      v += (opt.gain[k]! - opt.pay[k]!) * RATES[k]! * w.tokenRisk;
    }
    if (ok && v > best) best = v;
  }
  OUT[3] = best;
}

/**
 * The Nine Muses heuristic (`nine-muses.md`, "A turn"): values every legal
 * action by the VP it gives now, plus what the player's Knowledge can still
 * become with the turns left (one Knowledge type demonstrated per turn, at the
 * player's own Aristotle rates), plus the worth of a Muse called for the
 * turns left (and part of what her former holder loses), minus part of the
 * discarded Philosopher's best use. Steals take from the opponent with the
 * most VP. Reads only its observation.
 */
export function createNineMusesHeuristic(w: NineMusesWeights = DEFAULT_WEIGHTS): Bot<NineMusesObservation> {
  let forbidMask = 0;
  for (const k of w.forbid) forbidMask |= 1 << k;
  return {
    act(o, legal, n) {
      const me = o.seat;
      if (o.phase === Phase.Steal) {
        let best = legal[0]!;
        let bestKey = -Infinity;
        for (let i = 0; i < n; i++) {
          const q = decodeId(legal[i]!, D).arg;
          const key = o.vp[q]! * 100 + o.know[q * 3 + o.stealType]!;
          if (key > bestKey) {
            bestKey = key;
            best = legal[i]!;
          }
        }
        return best;
      }
      const turns = turnsLeft(o, me);
      for (let k = 0; k < 3; k++) {
        rateOf(o, me, k);
        RATES[k] = OUT[0]!;
        const pool = o.pool[k]!;
        RISK[k] = pool > w.scarceAt ? w.tokenRisk : pool > 0 ? w.tokenRisk - w.scarce : w.tokenRisk - w.empty;
      }
      const phils = o.cards.philosophers;
      let bestA = legal[0]!;
      let bestV = -Infinity;
      let bestForbidden = true;
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        const d = decodeId(a, D);
        for (let k = 0; k < 3; k++) H[k] = o.know[me * 3 + k]!;
        let v = 0;
        switch (d.kind) {
          case Kind.Exchange: {
            const opt = phils[d.card]!.options[d.arg]!;
            v += opt.gain[3]!;
            for (let k = 0; k < 3; k++) {
              H[k]! -= opt.pay[k]!;
              const avail = o.pool[k]! + opt.pay[k]!;
              let opp = 0;
              for (let q = 0; q < o.players; q++) if (q !== me) opp += o.know[q * 3 + k]!;
              const got = Math.min(opt.gain[k]!, avail + opp);
              H[k]! += got;
              const stolen = Math.max(0, got - avail);
              v += stolen * RATES[k]! * w.tokenRisk * w.deny;
            }
            potential(H, RATES, turns - 1);
            v += OUT[1]!;
            break;
          }
          case Kind.Call: {
            const m = d.arg;
            museWorth(o, m, me, turns - 1, w);
            v += OUT[2]!;
            const from = o.museLoc[m]!;
            if (from !== CENTER && from !== IN_DECK) {
              museWorth(o, m, from, turnsLeft(o, from), w);
              v += w.deny * OUT[2]!;
            }
            potential(H, RATES, turns - 1);
            v += OUT[1]!;
            break;
          }
          case Kind.Demonstrate:
            v += d.count * RATES[d.arg]!;
            H[d.arg]! -= d.count;
            potential(H, RATES, turns - 1);
            v += OUT[1]!;
            break;
          case Kind.Toil:
            if (o.pool[0]! > 0 || o.know[me * 3]! < o.supply[0]!) H[0]! += 1;
            potential(H, RATES, turns - 1);
            v += OUT[1]!;
            break;
          default:
            break;
        }
        cardWorth(o, d.card, w);
        v -= w.cardCost * OUT[3]!;
        const forbidden = ((forbidMask >>> d.kind) & 1) === 1;
        if ((bestForbidden && !forbidden) || (forbidden === bestForbidden && v > bestV)) {
          bestV = v;
          bestA = a;
          bestForbidden = forbidden;
        }
      }
      return bestA;
    },
  };
}

/** `greedy` for nine-muses (the factory `bots/greedy/index.ts` registers). */
export function nineMusesGreedy(): Bot<NineMusesObservation> {
  return createNineMusesHeuristic(DEFAULT_WEIGHTS);
}

/**
 * `greedy` in Nine Muses: its weights as parameters (`greedy:keep=0.8`),
 * defaults `DEFAULT_WEIGHTS`, and `forbid`, the action kinds it never
 * chooses while another is legal (a counterfactual switch, default none).
 */
export const nineMusesHeuristic: GreedyHeuristic<NineMusesObservation> = {
  params: [
    {
      key: 'tokenRisk',
      kind: 'float',
      min: 0,
      max: 2,
      default: DEFAULT_WEIGHTS.tokenRisk,
      doc: 'worth of a held Knowledge token relative to its Aristotle rate (it may be stolen or stranded)',
      tune: { min: 0.3, max: 1.5 },
    },
    {
      key: 'keep',
      kind: 'float',
      min: 0,
      max: 2,
      default: DEFAULT_WEIGHTS.keep,
      doc: 'chance-like factor that a called Muse stays for her remaining turns',
      tune: { min: 0, max: 1.5 },
    },
    {
      key: 'deny',
      kind: 'float',
      min: 0,
      max: 2,
      default: DEFAULT_WEIGHTS.deny,
      doc: "share of an opponent's loss counted when taking a Muse or tokens from them",
      tune: { min: 0, max: 1.5 },
    },
    {
      key: 'cardCost',
      kind: 'float',
      min: 0,
      max: 2,
      default: DEFAULT_WEIGHTS.cardCost,
      doc: "share of the discarded Philosopher's best use counted as a cost",
      tune: { min: 0, max: 1 },
    },
    {
      key: 'scarce',
      kind: 'float',
      min: 0,
      max: 2,
      default: DEFAULT_WEIGHTS.scarce,
      doc: 'discount on tokenRisk for a Knowledge type whose pool holds 1..scarceAt tokens',
      tune: { min: 0, max: 0.5 },
    },
    {
      key: 'empty',
      kind: 'float',
      min: 0,
      max: 2,
      default: DEFAULT_WEIGHTS.empty,
      doc: "discount on tokenRisk for a Knowledge type whose pool is empty (it is taken from players' hands)",
      tune: { min: 0, max: 0.8 },
    },
    {
      key: 'scarceAt',
      kind: 'int',
      min: 0,
      max: 99,
      default: DEFAULT_WEIGHTS.scarceAt,
      doc: 'the pool size at or below which a Knowledge type counts as scarce',
      tune: { min: 0, max: 6 },
    },
    {
      key: 'museGrowth',
      kind: 'float',
      min: 0,
      max: 5,
      default: DEFAULT_WEIGHTS.museGrowth,
      doc: "tokens of a lasting Muse's Knowledge type her holder is expected to gain per remaining turn",
      tune: { min: 0, max: 1.5 },
    },
    {
      key: 'forbid',
      kind: 'text',
      default: 'none',
      doc: "action kinds the bot never chooses while another is legal: none, or exchange, call, demonstrate, toil joined by '+' (forbid=call+toil)",
    },
  ],
  create: (p) =>
    createNineMusesHeuristic({
      tokenRisk: Number(p.tokenRisk),
      keep: Number(p.keep),
      deny: Number(p.deny),
      cardCost: Number(p.cardCost),
      scarce: Number(p.scarce),
      empty: Number(p.empty),
      scarceAt: Number(p.scarceAt),
      museGrowth: Number(p.museGrowth),
      forbid: parseForbid(p.forbid),
    }),
};
