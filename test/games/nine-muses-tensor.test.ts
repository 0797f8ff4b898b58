/**
 * Nine Muses' observation tensor and action features
 * (`src/games/nine-muses/tensor.ts`, `features.ts`, README "Observation
 * tensor"), beyond what the generic tensor suite checks: seat-relativity, a
 * hand-built position read field by field (Knowledge, rates, Muses, who
 * meets which condition), the features of named actions, every legal action
 * described differently, and the one-pass rates against `rateOf`.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant } from '../../src/core/variant.js';
import { actions, nineMuses as game, type NineMusesObservation, type NineMusesState, Phase } from '../../src/games/nine-muses/index.js';
import { placePosition } from '../../src/games/nine-muses/position.js';
import { rateOf, ratesOf } from '../../src/games/nine-muses/tensor.js';

const tensor = game.tensor!;
const features = game.actionFeatures!;
const v: Variant = resolveGameVariant(game, { players: 3 });
const P = 3;

function dealt(seed = 'nm-tensor'): NineMusesState {
  const s = game.newState(v);
  game.deal(s, createRng(seed));
  return s;
}

const observe = (s: NineMusesState, seat: number): NineMusesObservation => game.observe(s, seat, game.newObservation(v));

/** A vector's fields by name (layout order). */
function split(layout: readonly { name: string; offset: number; length: number }[], buf: Float32Array): Record<string, number[]> {
  return Object.fromEntries(layout.map((f) => [f.name, Array.from(buf.subarray(f.offset, f.offset + f.length))]));
}

function tensorOf(s: NineMusesState, seat: number): Record<string, number[]> {
  const buf = new Float32Array(tensor.size(v));
  tensor.write(observe(s, seat), v, buf);
  return split(tensor.layout(v), buf);
}

function featuresOf(o: NineMusesObservation, a: number): Record<string, number[]> {
  const buf = new Float32Array(features.size(v));
  features.write(o, v, a, buf, 0);
  return split(features.layout(v), buf);
}

function legal(s: NineMusesState): number[] {
  const buf = new Int32Array(game.numDistinctActions(v));
  return Array.from(buf.subarray(0, game.legalActions(s, buf)));
}

const f32 = (xs: number[]): number[] => xs.map(Math.fround);

// The default (reconstructed) card set, by name.
const s0 = dealt();
const type = (name: string): number => s0.cards.philosophers.findIndex((p) => p.name === name);
const muse = (name: string): number => s0.cards.muses.findIndex((m) => m.name === name);
const AESOP = type('Aesop');
const HYPATIA = type('Hypatia');
const ARCHIMEDES = type('Archimedes');
const URANIA = muse('Urania');
const EUTERPE = muse('Euterpe');
const CALLIOPE = muse('Calliope');

/**
 * Round 1, seat 0 to play: Knowledge [2,3,1] / [1,0,0] / [0,1,0], VP 10 / 4 / 7, Urania in the center,
 * Calliope held by seat 1, Euterpe by seat 2; seat 0 holds Aesop, Archimedes, Hypatia.
 */
function position(): NineMusesState {
  const hand = (...types: number[]): number[] => Array.from({ length: s0.types }, (_, t) => types.filter((x) => x === t).length);
  return placePosition(dealt(), {
    round: 1,
    turn: 0,
    know: [
      [2, 3, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    vp: [10, 4, 7],
    hands: [
      hand(AESOP, ARCHIMEDES, HYPATIA),
      hand(type('Agnodice'), type('Chariton'), type('Heron')),
      hand(type('Hipparchia'), type('Telesilla'), type('Telesilla')),
    ],
    muses: { Urania: 'center', Calliope: 1, Euterpe: 2 },
  });
}

describe('nine-muses tensor', () => {
  it('is seat-relative: each seat sees its own hand first, the turn and every Muse holder at their offsets', () => {
    const s = position();
    const a = tensorOf(s, 0);
    const c = tensorOf(s, 2);
    expect(a.hand![AESOP]).toBeCloseTo(1 / 3, 6);
    expect(c.hand![AESOP]).toBe(0);
    expect(c.hand![type('Telesilla')]).toBeCloseTo(2 / 3, 6);
    expect(a.turn).toEqual([1, 0, 0]);
    expect(c.turn).toEqual([0, 1, 0]);
    // Euterpe is seat 2's: offset 2 for seat 0, offset 0 for seat 2 (the one-hot is [deck, center, offset 0..P-1]).
    expect(a.muse!.slice(EUTERPE * (P + 2), (EUTERPE + 1) * (P + 2))).toEqual([0, 0, 0, 0, 1]);
    expect(c.muse!.slice(EUTERPE * (P + 2), (EUTERPE + 1) * (P + 2))).toEqual([0, 0, 1, 0, 0]);
    expect(a.know!.slice(0, 3)).toEqual(f32([2 / 12, 3 / 8, 1 / 3]));
    expect(c.know!.slice(0, 3)).toEqual(f32([0, 1 / 8, 0]));
    expect(c.know!.slice(3, 6)).toEqual(f32([2 / 12, 3 / 8, 1 / 3]));
  });

  it("a position read field by field: pool, VP differences, rates with Euterpe's bonus, who meets Urania's, Calliope's, Euterpe's and Melpomene's conditions (\"A turn\", Call Muse)", () => {
    const f = tensorOf(position(), 0);
    expect(f.phase).toEqual([1, 0, 0]);
    expect(f.round).toEqual([1, 0, 0, 0, 0]);
    expect(f.pool).toEqual(f32([9 / 12, 4 / 8, 2 / 3]));
    expect(f.vp).toEqual(f32([0.1, 0.04, 0.07]));
    expect(f.vpDiff).toEqual(f32([-6 / 30, -3 / 30]));
    // Rates Craft 1, Science 2, Ethics 5; Euterpe adds 1 to Ethics for her holder; the highest possible rate is 6.
    expect(f.rate).toEqual(f32([1 / 6, 2 / 6, 5 / 6, 1 / 6, 2 / 6, 5 / 6, 1 / 6, 2 / 6, 6 / 6]));
    // Urania: at least 3 Science, only seat 0; Calliope: the most VP, seat 0 (10) — so seat 0 may call both.
    expect(f.meets!.slice(URANIA * P, URANIA * P + P)).toEqual([1, 0, 0]);
    expect(f.meets!.slice(CALLIOPE * P, CALLIOPE * P + P)).toEqual([1, 0, 0]);
    expect(f.callable![URANIA]).toBe(1);
    expect(f.callable![CALLIOPE]).toBe(1);
    // Euterpe (one of each Knowledge) is seat 2's, but seat 0 alone meets her condition: callable from a player.
    expect(f.callable![EUTERPE]).toBe(1);
    // Melpomene (fewer VP than every opponent): seat 1 alone, one to my left.
    expect(f.meets!.slice(muse('Melpomene') * P, muse('Melpomene') * P + P)).toEqual([0, 1, 0]);
    expect(f.callable![muse('Melpomene')]).toBe(0);
    expect(f.muse!.slice(URANIA * (P + 2), (URANIA + 1) * (P + 2))).toEqual([0, 1, 0, 0, 0]);
    expect(f.revealed![0]).toBeCloseTo(5 / 9, 6);
  });

  it('the rates of every seat in one pass equal the plain rateOf, over random games', () => {
    const into = new Int32Array(12);
    const buf = new Int32Array(game.numDistinctActions(v));
    for (let g = 0; g < 5; g++) {
      const s = dealt(`nm-rates-${g}`);
      const rng = createRng(`nm-rates-${g}/bot`);
      while (!game.isTerminal(s)) {
        const o = observe(s, 0);
        ratesOf(o, into);
        for (let q = 0; q < P; q++) for (let k = 0; k < 3; k++) expect(into[3 * q + k]).toBe(rateOf(o, q, k));
        game.apply(s, buf[rng.int(game.legalActions(s, buf))]!);
      }
    }
  });
});

describe('nine-muses action features', () => {
  it('describe each play by what it does ("A turn": exchange, call, demonstrate, toil)', () => {
    const s = position();
    const o = observe(s, 0);
    const moves = legal(s);
    const ex = actions.exchangeId(AESOP, 0); // gain 2 Craft
    const hy = actions.exchangeId(HYPATIA, 0); // pay 2 Science, gain 1 Ethics + 1 VP
    const demo = actions.demonstrateId(AESOP, 2, 1); // 1 Ethics at rate 5
    const urania = actions.callId(ARCHIMEDES, URANIA);
    const calliope = actions.callId(ARCHIMEDES, CALLIOPE);
    for (const a of [ex, hy, demo, urania, calliope, actions.toilId(AESOP)]) expect(moves).toContain(a);
    const e = featuresOf(o, ex);
    expect(e.kind).toEqual([1, 0, 0, 0, 0]);
    expect(e.card![AESOP]).toBe(1);
    expect(e.option).toEqual([1, 0, 0, 0]);
    expect(e.gain).toEqual(f32([2 / 12, 0, 0]));
    expect(e.value![0]).toBeCloseTo(2 / 20, 6);
    expect(e.steals).toEqual([0]);
    const h = featuresOf(o, hy);
    expect(h.pay).toEqual(f32([0, 2 / 8, 0]));
    expect(h.gain).toEqual(f32([0, 0, 1 / 3]));
    expect(h.gainVp![0]).toBeCloseTo(1 / 20, 6);
    expect(h.value![0]).toBeCloseTo((1 + 5 - 2 * 2) / 20, 6);
    const d = featuresOf(o, demo);
    expect(d.kind).toEqual([0, 0, 1, 0, 0]);
    expect(d.knowledge).toEqual([0, 0, 1]);
    expect(d.pay).toEqual(f32([0, 0, 1 / 3]));
    expect(d.gainVp![0]).toBeCloseTo(5 / 20, 6);
    const u = featuresOf(o, urania);
    expect(u.calledMuse![URANIA]).toBe(1);
    expect(u.museRate).toEqual(f32([0, 1 / 20, 0]));
    expect(u.from).toEqual([1, 0, 0]); // the center row
    const c = featuresOf(o, calliope);
    expect(c.from).toEqual([0, 1, 0]); // taken from seat 1, one to my left
    expect(c.museGain).toEqual(f32([0, 0, 0, 1 / 4]));
    // Every legal action gets its own vector.
    const seen = new Set(moves.map((a) => JSON.stringify(featuresOf(o, a))));
    expect(seen.size).toBe(moves.length);
  });

  it('steals name their victim by offset, and the tensor shows the pending steal ("Knowledge flow")', () => {
    const s = placePosition(position(), {
      know: [
        [2, 3, 1],
        [5, 0, 0],
        [5, 1, 0],
      ],
    });
    const gain2Craft = actions.exchangeId(AESOP, 0);
    expect(legal(s)).toContain(gain2Craft);
    const before = featuresOf(observe(s, 0), gain2Craft);
    expect(before.steals![0]).toBeCloseTo(2 / 4, 6); // the pool has no Craft: both tokens come from opponents
    game.apply(s, gain2Craft);
    expect(s.phase).toBe(Phase.Steal);
    const o = observe(s, 0);
    const [a, b] = legal(s);
    expect([a, b]).toEqual([actions.stealId(1), actions.stealId(2)]);
    expect(featuresOf(o, a!).from).toEqual([0, 1, 0]);
    expect(featuresOf(o, b!).from).toEqual([0, 0, 1]);
    expect(featuresOf(o, a!).gain).toEqual(f32([1 / 12, 0, 0]));
    const t = tensorOf(s, 0);
    expect(t.phase).toEqual([0, 1, 0]);
    expect(t.stealType).toEqual([1, 0, 0]);
    expect(t.stealLeft).toEqual(f32([2 / 12, 0, 0]));
    expect(t.stealThen).toEqual([1]);
  });
});
