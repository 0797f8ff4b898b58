/**
 * `tuned.json`: a tuned bot, accepted wherever a bot is (`--bots`,
 * `--candidate`, `--bot`; the bot registry reads its spec, `bots/index.ts`).
 * Its schema, inferred type, writer and reader.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../report/files.js';
import { jsonFileText, readJsonFile } from './json-file.js';

/** `tuned.json`. */
export const TUNED_FILE = 'tuned.json';

/** The schema of `tuned.json`. */
export const tunedFileSchema = z.object({
  kind: z.literal('ninefold-tuned-bot'),
  version: z.literal(1),
  game: z.string(),
  /** The tuned bot's spec text. */
  spec: z.string(),
  start: z.string(),
  method: z.enum(['spsa', 'ntbea']),
  params: z.record(z.union([z.number(), z.string()])),
  games: z.number(),
  seed: z.string(),
  opponents: z.array(z.string()).readonly(),
  /** The command that trained it (a queue password masked). */
  command: z.string(),
});

/** `tuned.json`: a tuned bot and where it came from. */
export type TunedFile = z.output<typeof tunedFileSchema>;

/** Writes a tuned bot's `tuned.json`. */
export function writeTunedFile(dir: string, t: TunedFile): void {
  writeFileAtomic(join(dir, TUNED_FILE), jsonFileText(t));
}

/**
 * A training run's `tuned.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws SyntaxError naming the file when it does not parse or fit.
 */
export function readTunedFile(dir: string): TunedFile | null {
  return readJsonFile(dir, TUNED_FILE, tunedFileSchema);
}
