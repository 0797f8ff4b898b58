/**
 * Nine Lives' observation tensor and action features
 * (`src/games/nine-lives/tensor.ts`, `tensor-powers.ts`, `features.ts`,
 * README "Observation tensor"), beyond what the generic tensor suite checks:
 * seat-relativity, hand-built tricks read field by field (the winner so far
 * with ignored cards and Black Cat's inversion), the features of bids,
 * plays, crowns and Powers' spends, every legal action described
 * differently.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../../src/core/variant.js';
import { A_PLAY, A_SPEND, crownId } from '../../src/games/nine-lives/actions.js';
import { parseCard, parseSuit } from '../../src/games/nine-lives/cards.js';
import { nineLives as game } from '../../src/games/nine-lives/game.js';
import type { NineLivesObservation } from '../../src/games/nine-lives/observation.js';
import { type NineLivesPosition, placePosition } from '../../src/games/nine-lives/position.js';
import { powerIndex } from '../../src/games/nine-lives/powers-list.js';
import { type NineLivesState, Phase } from '../../src/games/nine-lives/state.js';

const tensor = game.tensor!;
const features = game.actionFeatures!;

/** A game of the variant `given` set to `p` (`placePosition`). */
function position(given: Record<string, VariantValue>, p: NineLivesPosition): { s: NineLivesState; v: Variant } {
  const v = resolveGameVariant(game, given);
  const s = game.newState(v);
  game.deal(s, createRng('nl-tensor'));
  placePosition(s, p);
  return { s, v };
}

/** A vector's fields by name (layout order). */
function split(layout: readonly { name: string; offset: number; length: number }[], buf: Float32Array): Record<string, number[]> {
  return Object.fromEntries(layout.map((f) => [f.name, Array.from(buf.subarray(f.offset, f.offset + f.length))]));
}

const observe = (s: NineLivesState, v: Variant, seat: number): NineLivesObservation => game.observe(s, seat, game.newObservation(v));

function tensorOf(s: NineLivesState, v: Variant, seat: number): Record<string, number[]> {
  const buf = new Float32Array(tensor.size(v));
  tensor.write(observe(s, v, seat), v, buf);
  return split(tensor.layout(v), buf);
}

function featuresOf(s: NineLivesState, v: Variant, a: number): Record<string, number[]> {
  const buf = new Float32Array(features.size(v));
  features.write(observe(s, v, s.turn), v, a, buf, 0);
  return split(features.layout(v), buf);
}

function legal(s: NineLivesState): number[] {
  const buf = new Int32Array(game.numDistinctActions(s.variant));
  return Array.from(buf.subarray(0, game.legalActions(s, buf)));
}

const f32 = (xs: number[]): number[] => xs.map(Math.fround);
/** The plane index of a record card at P players without Black Cat (suit x 9 + number - 1). */
const plane = (card: string): number => parseCard(card);
const play = (s: NineLivesState, card: string): void => {
  expect(legal(s)).toContain(A_PLAY + parseCard(card));
  game.apply(s, A_PLAY + parseCard(card));
};

/**
 * 4 players, bids shown (seat 0 sp3 and seat 3 sp8 share spades: a team), seat 0 the Kittykeeper; lives 3 / 0 / 5 / 1.
 * Seat 0 leads he5, seat 1 (bid he2: its hearts are ignored) plays he7; seat 2 is to play.
 */
function baseTrick(): { s: NineLivesState; v: Variant } {
  const r = position(
    { players: 4 },
    {
      hands: [
        ['he1', 'he5', 'sp9', 'di2'],
        ['he7', 'sp2', 'cl3', 'di8'],
        ['he3', 'he9', 'cl9', 'di6'],
        ['cl1', 'cl2', 'di9', 'sp7'],
      ],
      bids: ['sp3', 'he2', 'cl5', 'sp8'],
      keeper: 0,
      lives: [3, 0, 5, 1],
    },
  );
  play(r.s, 'he5');
  play(r.s, 'he7');
  return r;
}

describe('nine-lives tensor', () => {
  it('is seat-relative: each seat its own hand and bid first, the Kittykeeper at its offset, team mates by offset ("A round", 2)', () => {
    const { s, v } = baseTrick();
    const a = tensorOf(s, v, 0);
    const c = tensorOf(s, v, 2);
    expect(a.hand![plane('he1')]).toBe(1);
    expect(a.hand![plane('he3')]).toBe(0);
    expect(c.hand![plane('he3')]).toBe(1);
    expect(c.hand![plane('he9')]).toBe(1);
    expect(a.bidNumber).toEqual(f32([3 / 9, 2 / 9, 5 / 9, 8 / 9]));
    expect(c.bidNumber).toEqual(f32([5 / 9, 8 / 9, 3 / 9, 2 / 9]));
    expect(a.keeper).toEqual([1, 0, 0, 0]);
    expect(c.keeper).toEqual([0, 0, 1, 0]);
    expect(c.turn).toEqual([1, 0, 0, 0]);
    expect(a.team).toEqual([0, 0, 0, 1]);
    expect(c.team).toEqual([0, 0, 0, 0]);
    expect(a.lives).toEqual(f32([3 / 9, 0, 5 / 9, 1 / 9]));
    expect(c.livesLead![0]).toBeCloseTo(2 / 9, 6);
    expect(a.livesLead![0]).toBeCloseTo(-2 / 9, 6);
  });

  it('a trick read field by field: the cards by seat offset, an ignored card (its player\'s bid suit), lead, trump and the winner so far ("A round", 3)', () => {
    const { s, v } = baseTrick();
    const f = tensorOf(s, v, 2);
    const S = 4;
    const entry = (r: number): number[] => f.trick!.slice(r * (S + 4), (r + 1) * (S + 4));
    // Seat 0 (offset 2) led he5; seat 1 (offset 3) played he7, ignored: hearts is its bid suit.
    expect(entry(2)).toEqual(f32([1, 1, 0, 0, 0, 5 / 9, 0, 0]));
    expect(entry(3)).toEqual(f32([1, 1, 0, 0, 0, 7 / 9, 1, 0]));
    expect(entry(0)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(f.lead).toEqual([1, 0, 0, 0]);
    expect(f.trump).toEqual([0, 1, 0, 0]); // the Kittykeeper's bid sp3
    expect(f.winning).toEqual([0, 0, 1, 0]); // he7 is ignored: seat 0's he5 wins so far
    expect(f.need).toEqual(f32([5 / 9, 8 / 9, 3 / 9, 2 / 9]));
    expect(f.phase).toEqual([0, 1, 0, 0]);
    // Gone: the two cards played and the four bids; my hand is not unseen, the others' hands are.
    for (const card of ['he5', 'he7', 'sp3', 'he2', 'cl5', 'sp8']) expect(f.gone![plane(card)], card).toBe(1);
    for (const card of ['he1', 'sp2', 'cl1']) expect(f.unseen![plane(card)], card).toBe(1);
    expect(f.unseen![plane('he3')]).toBe(0);
    expect(f.voids).toEqual(new Array(16).fill(0));
  });

  it('Black Cat: a crown in the trick makes the lowest number win, and the crown is flagged with its declared suit ("Black Cat variant")', () => {
    const { s, v } = position(
      { players: 3, blackCat: true },
      {
        hands: [
          ['cr3', 'sp2', 'di4'],
          ['he7', 'sp4', 'di1'],
          ['he2', 'he4', 'di5'],
        ],
        bids: ['di2', 'sp6', 'di9'],
        keeper: 0,
      },
    );
    game.apply(s, crownId(3, parseSuit('he')));
    play(s, 'he7');
    const f = tensorOf(s, v, 2);
    const S = 4;
    // Seat 0 (offset 1): the crown, counted as hearts, number 3, a crown.
    expect(f.trick!.slice(S + 4, 2 * (S + 4))).toEqual(f32([1, 1, 0, 0, 0, 3 / 9, 0, 1]));
    expect(f.winning).toEqual([0, 1, 0]);
    // Seat 2 may play he2 (lower than the crown's 3: it would win) or he4 (it would not).
    const he2 = featuresOf(s, v, A_PLAY + parseCard('he2'));
    const he4 = featuresOf(s, v, A_PLAY + parseCard('he4'));
    expect([he2.wins![0], he4.wins![0]]).toEqual([1, 0]);
    expect([he2.follows![0], he2.sameSuitHeld![0]]).toEqual([1, Math.fround(1 / 12)]);
  });
});

describe('nine-lives action features', () => {
  it('a bid names its suit and number, and counts the cards it would make ignored ("A round", 2 and 3)', () => {
    const { s, v } = position(
      { players: 4 },
      {
        hands: [
          ['he1', 'he5', 'he8', 'sp9', 'di2'],
          ['he7', 'sp2', 'cl3', 'di8', 'cl8'],
          ['he3', 'he9', 'cl9', 'di6', 'cl6'],
          ['cl1', 'cl2', 'di9', 'sp7', 'di7'],
        ],
      },
    );
    expect(s.phase).toBe(Phase.Bid);
    const moves = legal(s);
    const he5 = featuresOf(s, v, parseCard('he5'));
    expect(he5.kind).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(he5.suit).toEqual([1, 0, 0, 0]);
    expect(he5.number).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(he5.sameSuitHeld).toEqual(f32([2 / 9]));
    expect(featuresOf(s, v, parseCard('sp9')).sameSuitHeld).toEqual([0]);
    const seen = new Set(moves.map((a) => JSON.stringify(featuresOf(s, v, a))));
    expect(seen.size).toBe(moves.length);
  });

  it('plays: following, trumping, the own bid suit, winning the trick as it stands ("A round", 3)', () => {
    const { s, v } = baseTrick();
    const moves = legal(s);
    expect(moves).toEqual([A_PLAY + parseCard('he3'), A_PLAY + parseCard('he9')]);
    const he3 = featuresOf(s, v, moves[0]!);
    const he9 = featuresOf(s, v, moves[1]!);
    expect(he3.kind).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect([he3.follows![0], he3.trumps![0], he3.ownSuit![0], he3.leads![0]]).toEqual([1, 0, 0, 0]);
    expect([he3.wins![0], he9.wins![0]]).toEqual([0, 1]);
    expect(he3.as).toEqual([1, 0, 0, 0]);
    expect(he3.power).toEqual(new Array(44).fill(0));
  });

  it("Powers: spending a row card names its power; a play names the power its card carries; the tensor shows the row's powers and the trick's (nine-lives-powers.md, sections 3 and 7)", () => {
    const { s, v } = position(
      { players: 3, powers: true },
      {
        hands: [
          ['he1', 'he2', 'sp3'],
          ['sp1', 'sp2', 'di3'],
          ['di1', 'di2', 'he3'],
        ],
        rows: [['he9', 'sp5'], ['sp9'], ['di9']],
        powers: { sp5: 'no_trump', he1: 'reverse_order' },
        keeper: 0,
        loose: true,
      },
    );
    const spend = A_SPEND + parseCard('sp5');
    expect(legal(s)).toContain(spend);
    const fs = featuresOf(s, v, spend);
    expect(fs.kind).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(fs.power![powerIndex('no_trump')]).toBe(1);
    const fp = featuresOf(s, v, A_PLAY + parseCard('he1'));
    expect(fp.power![powerIndex('reverse_order')]).toBe(1);
    expect(fp.leads).toEqual([1]);
    expect(fp.wins).toEqual([0]); // not computed with Powers
    let t = tensorOf(s, v, 0);
    expect(t.rowPowers![powerIndex('no_trump')]).toBeCloseTo(1 / 3, 6);
    expect(t.otherRowPowers).toEqual(new Array(44).fill(0));
    expect(t.tricksWon).toEqual(f32([1 / 11, 0, 0])); // the row holds its bid and one trick; HB = 27/3 + 2
    for (const card of ['he9', 'sp5', 'sp9', 'di9']) expect(t.row![plane(card)], card).toBe(1);
    game.apply(s, spend);
    play(s, 'he1');
    t = tensorOf(s, v, 1);
    expect(t.trickPowers![powerIndex('no_trump')]).toBe(0.5);
    expect(t.trickRules![1]).toBe(1);
    // Seat 0's lead, seen by seat 1: offset 2, first lap: present, face up, hearts, number 1.
    const S = 3;
    expect(t.slots!.slice(2 * (S + 5), 3 * (S + 5))).toEqual(f32([1, 0, 0, 1, 0, 0, 1 / 9, 0]));
    expect(t.lead).toEqual([1, 0, 0]);
  });
});
