/**
 * The command-line pieces the learning scripts share
 * (`learn-diagnostics.ts`, `imitation-lab.ts`): one line and exit 2 on bad
 * input, a game with an observation tensor at its default variant, and
 * integer arguments.
 */
import '../src/games/index.js';
import { getGame, type AnyGame } from '../src/core/registry.js';
import { resolveGameVariant, type Variant } from '../src/core/variant.js';

/** The argument readers of one script, whose errors name it and end with its usage line. */
export interface ScriptArgs {
  /** Prints `<script>: message` and exits with code 2. */
  fail(message: string): never;
  /** `text` as an integer of at least `min`; fails naming `what` otherwise. */
  integer(text: string | undefined, what: string, min: number): number;
  /** The registered game `id` at its default variant; fails when it is unknown or has no observation tensor. */
  gameOf(id: string | undefined): { game: AnyGame; variant: Variant };
}

/**
 * @param script the script's name, the first word of every error line.
 * @param usage its usage line, appended to errors about arguments.
 */
export function scriptArgs(script: string, usage: string): ScriptArgs {
  const fail = (message: string): never => {
    process.stderr.write(`${script}: ${message}\n`);
    process.exit(2);
  };
  return {
    fail,
    integer(text, what, min) {
      const n = Number(text);
      if (!Number.isInteger(n) || n < min) fail(`${what} must be an integer of at least ${min}, got '${text ?? ''}' (${usage})`);
      return n;
    },
    gameOf(id) {
      let game: AnyGame | undefined;
      try {
        game = getGame(id ?? '');
      } catch (e) {
        fail((e as Error).message.split('\n')[0]!);
      }
      if (!game!.tensor) fail(`${game!.info.id} has no observation tensor`);
      return { game: game!, variant: resolveGameVariant(game!, {}) };
    },
  };
}
