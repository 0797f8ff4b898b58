import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BotSpecError, type BotKind } from '../../src/core/index.js';
import { userBotKind } from '../sandbox/kind.js';

const loaded = new Map<string, BotKind>();

interface UserModule {
  default?: unknown;
}

let hooked = false;

/** Registers the TypeScript hooks (`ts-hooks.ts`) once in this process. */
function hookTypeScript(): void {
  if (hooked) return;
  register(new URL('./ts-hooks.js', import.meta.url));
  hooked = true;
}

/**
 * Loads (once per process) the bot kind of a user bot file: its module is
 * imported here, in the bot's unsandboxed realm (`realm.ts`, `--unsandboxed-bots`),
 * never in the harness's process. The file is an ES module whose default export is a factory
 * `(game) => Bot` or an object `{ create(params, game): Bot, params?, supports?(gameId), doc? }`;
 * a `.ts` file is transpiled as it loads, its sibling imports too (`ts-hooks.ts`).
 * @throws BotSpecError when the file is missing, does not load, or exports no bot factory.
 */
export async function loadBotFile(name: string): Promise<BotKind> {
  const hit = loaded.get(name);
  if (hit) return hit;
  const abs = resolve(name);
  if (!existsSync(abs)) throw new BotSpecError(`bot file ${name} not found`);
  let mod: UserModule;
  try {
    if (abs.endsWith('.ts')) hookTypeScript();
    mod = (await import(pathToFileURL(abs).href)) as UserModule;
  } catch (e) {
    throw new BotSpecError(`cannot load bot ${name}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
  }
  const kind = userBotKind(name, mod.default);
  loaded.set(name, kind);
  return kind;
}
