/**
 * Nine Lives cards (`../shared/rules/nine-lives.md`, "Cards"). A card is an id
 * `suit * 9 + (number - 1)` in 0..80: suits 0..8 in the rule file's order
 * (hearts, spades, diamonds, clubs, hourglasses, cups, stars, cats, crowns),
 * numbers 1..9. A game with P players uses suits 0..P-1, plus crowns (suit 8)
 * with Black Cat.
 */
export const NUM_CARDS = 81;
/** Suits of the whole box. */
export const NUM_SUITS = 9;
/** The crowns suit (the black suit of the Black Cat variant). */
export const CROWNS = 8;
/** Card ids of the crowns are `FIRST_CROWN..80`. */
export const FIRST_CROWN = CROWNS * 9;
/** The two-letter suit codes of the records, by suit index. */
export const SUIT_CODES = ['he', 'sp', 'di', 'cl', 'ho', 'cu', 'st', 'ca', 'cr'] as const;

/** The id of the card of suit `suit` (0..8) and number `n` (1..9). */
export const cardId = (suit: number, n: number): number => suit * 9 + n - 1;
/** The printed suit (0..8) of card `c`. */
export const suitOf = (c: number): number => (c / 9) | 0;
/** The number (1..9) of card `c`. */
export const numberOf = (c: number): number => (c % 9) + 1;

/** The record string of card `c`, e.g. `"he7"`. */
export function cardName(c: number): string {
  return `${SUIT_CODES[suitOf(c)]!}${numberOf(c)}`;
}

/**
 * The suit index of a two-letter code.
 * @throws Error when `code` is not one of `he, sp, di, cl, ho, cu, st, ca, cr`.
 */
export function parseSuit(code: unknown): number {
  const i = typeof code === 'string' ? (SUIT_CODES as readonly string[]).indexOf(code) : -1;
  if (i < 0) throw new Error(`nine-lives record: '${String(code)}' is not a suit code`);
  return i;
}

/**
 * The id of a record card string such as `"he7"`.
 * @throws Error when the string is not a suit code followed by 1..9.
 */
export function parseCard(text: unknown): number {
  if (typeof text !== 'string' || !/^[a-z]{2}[1-9]$/.test(text)) throw new Error(`nine-lives record: '${String(text)}' is not a card`);
  return cardId(parseSuit(text.slice(0, 2)), Number(text[2]));
}
