import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BotSpecError, type Bot, type BotKind, type BotParam, type Game, type GameStateBase } from '../src/core/index.js';

/**
 * A user bot is named by its file in a line-up: `--bots ./my-bot.js,greedy,...`.
 * The file is an ES module whose default export is either a factory
 * `(game) => Bot` or an object `{ create(params, game): Bot, params?, supports?(gameId), doc? }`
 * (README, "Write your own bot"). A `.ts` file is transpiled with the
 * project's TypeScript compiler (types are erased, nothing is checked).
 */
export function isFileSpec(name: string): boolean {
  return /^(\.{1,2}[\\/]|\/)/.test(name) || /\.(m?js|ts)$/.test(name);
}

const loaded = new Map<string, BotKind>();

interface UserModule {
  default?: unknown;
}

interface UserKind {
  create(params: Readonly<Record<string, number | string>>, game: Game<GameStateBase, object>): Bot;
  params?: readonly BotParam[];
  supports?(gameId: string): boolean;
  doc?: string;
}

async function transpile(abs: string): Promise<string> {
  const ts = (await import('typescript')).default;
  const source = readFileSync(abs, 'utf8');
  const out = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: abs,
  }).outputText;
  const dir = join(tmpdir(), 'ninefold-bots');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${createHash('sha256').update(abs).update(source).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(file, out);
  return file;
}

/**
 * Loads (once per thread) the bot kind of a file spec.
 * @throws BotSpecError when the file is missing, does not load, or exports no bot factory.
 */
export async function loadBotFile(name: string): Promise<BotKind> {
  const hit = loaded.get(name);
  if (hit) return hit;
  const abs = resolve(name);
  if (!existsSync(abs)) throw new BotSpecError(`bot file ${name} not found`);
  let mod: UserModule;
  try {
    const file = abs.endsWith('.ts') ? await transpile(abs) : abs;
    mod = (await import(pathToFileURL(file).href)) as UserModule;
  } catch (e) {
    throw new BotSpecError(`cannot load bot ${name}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
  }
  const def = mod.default;
  let kind: BotKind;
  if (typeof def === 'function') {
    const factory = def as (game: Game<GameStateBase, object>) => Bot;
    kind = { name, doc: `user bot ${name}`, params: [], supports: () => true, create: (_p, game) => factory(game) };
  } else if (def !== null && typeof def === 'object' && typeof (def as UserKind).create === 'function') {
    const u = def as UserKind;
    kind = {
      name,
      doc: u.doc ?? `user bot ${name}`,
      params: u.params ?? [],
      supports: (id) => (u.supports ? u.supports(id) : true),
      create: (p, game) => u.create(p, game),
    };
  } else {
    throw new BotSpecError(`bot file ${name} must export default a factory (game) => bot or an object with create(params, game)`);
  }
  loaded.set(name, kind);
  return kind;
}

/** The kind of a file spec loaded before (`loadBotFile`), or undefined. */
export function loadedBotFile(name: string): BotKind | undefined {
  return loaded.get(name);
}
