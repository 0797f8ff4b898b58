import type { Game, GameStateBase } from './game.js';
import { createRng, Rng } from './rng.js';
import type { Variant } from './variant.js';

/**
 * What a game declares; {@link defineGame} derives the rest of the `Game`
 * contract from it. Every member of `Game` but the five below is given as
 * is (the rules' own functions); these five are derived, identically for
 * every game, from the state and observation classes and `copyState`.
 */
export type GameDefinition<S extends GameStateBase, O extends object> = Omit<
  Game<S, O>,
  'newState' | 'newObservation' | 'clone' | 'numDistinctActions' | 'checkVariant'
> & {
  /**
   * The state class. `new State(variant, rng)` allocates every array for the
   * variant; `newState` passes a placeholder generator, which `deal` replaces.
   */
  readonly State: new (
    variant: Variant,
    rng: Rng,
  ) => S;
  /** The observation class: `new Observation(variant)` allocates a seat's view. */
  readonly Observation: new (
    variant: Variant,
  ) => O;
  /**
   * Copies every own field of `src` into `dst` (typed arrays entry by entry,
   * scratch and balance counters included), sets `dst.rng = src.rng.fork()`
   * and `dst.recorder = null`, and returns `dst`: the body of `clone`.
   */
  readonly copyState: (src: S, dst: S) => S;
  /** Optional: runs on every clone after `copyState` (Nine Muses drops its cached legal actions). */
  readonly afterClone?: (s: S) => void;
  /** The number of distinct action ids: a constant, or one per variant. */
  readonly numDistinctActions: number | ((variant: Variant) => number);
  /** Optional: the checks single-parameter ranges cannot make (see `Game.checkVariant`); none by default. */
  readonly checkVariant?: (variant: Variant) => void;
};

/**
 * Builds a game's `Game` object from its declaration: `newState`,
 * `newObservation`, `clone` (a fresh state with a placeholder generator, or
 * `into`, overwritten by `copyState`, then `afterClone`), `numDistinctActions`
 * and `checkVariant` are derived, so the contract's subtle parts (the clone's
 * own forked generator, the state allocated per variant) are written once.
 * @returns a plain object of the game's functions (the harness calls them as
 *   properties, without `this`).
 */
export function defineGame<S extends GameStateBase, O extends object>(d: GameDefinition<S, O>): Game<S, O> {
  const { State, Observation, copyState, afterClone, numDistinctActions, checkVariant, ...rules } = d;
  const count = numDistinctActions;
  return {
    ...rules,
    checkVariant: checkVariant ?? (() => {}),
    newState: (variant) => new State(variant, createRng('unseeded')),
    numDistinctActions: typeof count === 'number' ? () => count : count,
    newObservation: (variant) => new Observation(variant),
    clone:
      afterClone === undefined
        ? (s, into) => copyState(s, into ?? new State(s.variant, new Rng()))
        : (s, into) => {
            const dst = copyState(s, into ?? new State(s.variant, new Rng()));
            afterClone(dst);
            return dst;
          },
  };
}
