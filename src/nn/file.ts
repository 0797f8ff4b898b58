import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import type { Variant } from '../core/variant.js';
import { writeFileAtomic } from '../io/files.js';
import { inputSizes, type LearnableGame, layoutHash, seatsOf } from './game-layout.js';
import { architectureProblem, Net, type NetArchitecture, parameterCount } from './net.js';

/** The `format` field of a net file. */
export const NET_FORMAT = 'ninefold-net';
/** The version this code writes and reads. */
export const NET_FORMAT_VERSION = 1;

/** What a net file says about the net besides its weights. */
export interface NetMeta {
  /** The game id (`GameInfo.id`). */
  readonly game: string;
  /** The resolved variant it was trained on. */
  readonly variant: Variant;
  /** `layoutHash(game, variant)` when it was trained. */
  readonly layoutHash: string;
  /** Free: how the net was made (command, seed, figures); written and read back as is. */
  readonly provenance: Readonly<Record<string, unknown>>;
}

/** A net read from a file, with what the file said about it. */
export interface LoadedNet {
  readonly net: Net;
  readonly meta: NetMeta;
}

/**
 * The meta of a net trained now for `game` and `variant`.
 * @throws UsageError when the game has no observation tensor.
 */
export function netMeta(game: LearnableGame, variant: Variant, provenance: Readonly<Record<string, unknown>> = {}): NetMeta {
  return { game: game.info.id, variant, layoutHash: layoutHash(game, variant), provenance };
}

const widths = z.array(z.number().int().positive());
const FILE = z
  .object({
    format: z.literal(NET_FORMAT),
    version: z.number(),
    game: z.string().min(1),
    variant: z.record(z.union([z.number(), z.boolean(), z.string()])),
    layoutHash: z.string().regex(/^[0-9a-f]{64}$/, 'not a SHA-256 hex digest'),
    architecture: z.object({
      inputSize: z.number().int().positive(),
      trunk: widths.min(1),
      seats: z.number().int().positive(),
      valueHidden: widths,
      head: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('dense'), actions: z.number().int().positive(), hidden: widths }),
        z.object({ kind: z.literal('feature'), featureSize: z.number().int().positive(), hidden: widths }),
      ]),
      base: z.literal('greedy').optional(),
      valueTarget: z
        .object({ kind: z.literal('round'), scale: z.number().positive().finite() })
        .strict()
        .optional(),
    }),
    parameters: z.number().int().positive(),
    provenance: z.record(z.unknown()),
    weightsSha256: z.string().regex(/^[0-9a-f]{64}$/, 'not a SHA-256 hex digest'),
    weights: z.string().regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'not base64'),
  })
  .strict();

/** The weights as little-endian Float32 bytes (4 per weight, in order). */
export function weightBytes(weights: Float32Array): Uint8Array {
  const out = new Uint8Array(weights.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < weights.length; i++) view.setFloat32(4 * i, weights[i]!, true);
  return out;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The net file's text (JSON, docs/nn.md "The file format"): format id and
 * version, game, variant, layout hash, architecture, parameter count,
 * provenance, the SHA-256 of the weight bytes, and the weights as base64 of
 * little-endian Float32, in the order of `Net.weights`.
 */
export function netToJson(net: Net, meta: NetMeta): string {
  const bytes = weightBytes(net.weights);
  const file = {
    format: NET_FORMAT,
    version: NET_FORMAT_VERSION,
    game: meta.game,
    variant: meta.variant,
    layoutHash: meta.layoutHash,
    architecture: net.arch,
    parameters: net.weights.length,
    provenance: meta.provenance,
    weightsSha256: sha256(bytes),
    weights: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Reads a net file's text for `game` and checks it: well formed (every
 * field, the weights' length and checksum, finite weights), the same game,
 * and the layout hash the game has now for the variant.
 * @param variant the variant the net will play (default: the file's); the
 *   layout hash is computed for it, and its player count must be the net's seats.
 * @param source names the file in messages.
 * @throws UsageError of one line on any problem: malformed, another game,
 *   another layout (the tensor or the actions changed since it was trained).
 */
export function netFromJson(text: string, game: LearnableGame, variant?: Variant, source = 'net file'): LoadedNet {
  const bad = (why: string): UsageError => new UsageError(`${source}: ${why.replace(/\s+/g, ' ')}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw bad(`not JSON (${(e as Error).message})`);
  }
  const r = raw as { format?: unknown; version?: unknown } | null;
  if (typeof r !== 'object' || r === null || r.format !== NET_FORMAT) throw bad(`not a ninefold net file (format is not "${NET_FORMAT}")`);
  if (r.version !== NET_FORMAT_VERSION) throw bad(`format version ${JSON.stringify(r.version)}, this ninefold reads version ${NET_FORMAT_VERSION}`);
  const parsed = FILE.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw bad(`malformed: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const f = parsed.data;
  const { base, valueTarget, ...rest } = f.architecture;
  const arch: NetArchitecture = { ...rest, ...(base === undefined ? {} : { base }), ...(valueTarget === undefined ? {} : { valueTarget }) };
  const problem = architectureProblem(arch);
  if (problem) throw bad(`malformed: architecture: ${problem}`);
  const n = parameterCount(arch);
  if (f.parameters !== n) throw bad(`malformed: parameters ${f.parameters}, the architecture has ${n}`);
  const bytes = Buffer.from(f.weights, 'base64');
  if (bytes.length !== 4 * n) throw bad(`malformed: ${bytes.length} weight bytes, ${n} weights need ${4 * n}`);
  if (sha256(bytes) !== f.weightsSha256) throw bad('malformed: the weights do not match weightsSha256 (the file is damaged)');
  const weights = new Float32Array(n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) {
    const w = view.getFloat32(4 * i, true);
    if (!Number.isFinite(w)) throw bad(`malformed: weight ${i} is ${w}`);
    weights[i] = w;
  }
  if (f.game !== game.info.id) throw bad(`a net for ${f.game}, not ${game.info.id}`);
  const v: Variant = variant ?? f.variant;
  const now = layoutHash(game, v);
  if (now !== f.layoutHash) {
    throw bad(
      `trained for tensor layout ${f.layoutHash.slice(0, 12)}, ${game.info.id} now has ${now.slice(0, 12)} for this variant (its tensor or actions changed): retrain the net`,
    );
  }
  const seats = seatsOf(game, v);
  if (arch.seats !== seats) throw bad(`a net for ${arch.seats} seats, the variant has ${seats} players`);
  const sizes = inputSizes(arch);
  const tensorSize = game.tensor!.size(v);
  if (sizes.tensor !== tensorSize) {
    throw bad(`malformed: inputSize ${arch.inputSize}, the tensor has ${tensorSize} entries${sizes.baseIds ? ` (and the base action ${sizes.baseIds})` : ''}`);
  }
  const gameFeatures = game.actionFeatures ? game.actionFeatures.size(v) : 0;
  if (arch.head.kind === 'feature' && sizes.features !== gameFeatures) {
    throw bad(`malformed: featureSize ${arch.head.featureSize}, the game has ${gameFeatures} action features${arch.base ? ' (and the base action 1)' : ''}`);
  }
  return { net: new Net(arch, weights), meta: { game: f.game, variant: f.variant, layoutHash: f.layoutHash, provenance: f.provenance } };
}

/** Writes a net file atomically (a temporary file renamed: a crash leaves the old file or the new one). */
export function saveNetFile(path: string, net: Net, meta: NetMeta): void {
  writeFileAtomic(path, netToJson(net, meta));
}

/**
 * Reads and checks a net file (see `netFromJson`).
 * @throws UsageError of one line when it cannot be read or is refused.
 */
export function loadNetFile(path: string, game: LearnableGame, variant?: Variant): LoadedNet {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`net file ${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return netFromJson(text, game, variant, `net file ${path}`);
}
