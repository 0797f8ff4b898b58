import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { UsageError } from '../../src/core/errors.js';
import { loadNetFile, netFromJson, netMeta, netToJson, saveNetFile, weightBytes } from '../../src/nn/file.js';
import { architectureFor, layoutDescription, layoutHash } from '../../src/nn/game-layout.js';
import { Net } from '../../src/nn/net.js';
import { DENSE, FEATURE, fakeGame, randomSample } from './fixtures.js';

/** Games whose layouts fit the fixtures' architectures. */
const denseGame = fakeGame({
  tensor: [
    ['hand', 30],
    ['bids', 10],
  ],
  ids: 20,
  defaultPlayers: 3,
});
const featureGame = fakeGame({
  tensor: [['hand', 30]],
  features: [
    ['rank', 4],
    ['count', 3],
  ],
  defaultPlayers: 4,
});
const V3 = { players: 3 };
const V4 = { players: 4 };

/** The UsageError message `f` throws, checked to be one line. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const m = (e as Error).message;
    expect(m).not.toMatch(/\n/);
    return m;
  }
  throw new Error('not refused');
}

describe('layoutHash', () => {
  it('is the SHA-256 of the documented canonical description (tensor fields, then action ids or action-feature fields)', () => {
    const d = '{"tensor":[["hand",30],["bids",10]],"actions":{"ids":20}}';
    expect(layoutDescription(denseGame, V3)).toBe(d);
    expect(layoutHash(denseGame, V3)).toBe(createHash('sha256').update(d).digest('hex'));
    expect(layoutDescription(featureGame, V4)).toBe('{"tensor":[["hand",30]],"actions":{"features":[["rank",4],["count",3]]}}');
  });

  it('changes with a field name, a field length, the field order, the number of action ids, or the feature layout', () => {
    const base = layoutHash(denseGame, V3);
    const variants = [
      fakeGame({
        tensor: [
          ['hand', 30],
          ['bid', 10],
        ],
        ids: 20,
      }),
      fakeGame({
        tensor: [
          ['hand', 31],
          ['bids', 10],
        ],
        ids: 20,
      }),
      fakeGame({
        tensor: [
          ['bids', 10],
          ['hand', 30],
        ],
        ids: 20,
      }),
      fakeGame({
        tensor: [
          ['hand', 30],
          ['bids', 10],
        ],
        ids: 21,
      }),
      fakeGame({
        tensor: [
          ['hand', 30],
          ['bids', 10],
        ],
        features: [['x', 20]],
      }),
    ];
    const hashes = variants.map((g) => layoutHash(g, V3));
    expect(new Set([base, ...hashes]).size).toBe(6);
    expect(
      layoutHash(
        fakeGame({
          id: 'other',
          tensor: [
            ['hand', 30],
            ['bids', 10],
          ],
          ids: 20,
        }),
        V3,
      ),
    ).toBe(base);
  });

  it('refuses a game without an observation tensor', () => {
    expect(refusal(() => layoutHash(fakeGame({ ids: 5 }), V3))).toMatch(/no observation tensor/);
  });
});

describe('architectureFor', () => {
  it('takes a dense head without action features, a feature head with them, one value per player', () => {
    const d = architectureFor(denseGame, { players: 5 });
    expect(d).toEqual({ inputSize: 40, trunk: [128, 64], seats: 5, valueHidden: [], head: { kind: 'dense', actions: 20, hidden: [] } });
    const f = architectureFor(featureGame, {}, { trunk: [32], actionHidden: [16] });
    expect(f).toEqual({ inputSize: 30, trunk: [32], seats: 4, valueHidden: [], head: { kind: 'feature', featureSize: 7, hidden: [16] } });
  });

  it('refuses a dense head over more than 4096 ids', () => {
    expect(refusal(() => architectureFor(fakeGame({ tensor: [['a', 3]], ids: 65536 }), V3))).toMatch(/65536 action ids and no action features/);
  });
});

describe('net files', () => {
  const dense = Net.create(DENSE, 'file-dense');
  const denseText = netToJson(dense, netMeta(denseGame, V3, { command: 'test', figures: { loss: 0.5 } }));

  it('round-trips: the same weight bytes, the same outputs, the meta and provenance as written', () => {
    for (const [net, game, v] of [
      [dense, denseGame, V3],
      [Net.create(FEATURE, 'file-feature'), featureGame, V4],
    ] as const) {
      const text = netToJson(net, netMeta(game, v, { seed: 'x' }));
      const back = netFromJson(text, game, v);
      expect(Buffer.from(weightBytes(back.net.weights)).equals(Buffer.from(weightBytes(net.weights)))).toBe(true);
      expect(back.net.arch).toEqual(net.arch);
      expect(back.meta).toEqual({ game: 'fake', variant: v, layoutHash: layoutHash(game, v), provenance: { seed: 'x' } });
      const s = randomSample(net.arch, createRng('rt'), {});
      const a = new Float64Array(s.count);
      const b = new Float64Array(s.count);
      net.scoreActions(s.obs, s.legal, s.count, s.features, a);
      back.net.scoreActions(s.obs, s.legal, s.count, s.features, b);
      expect([...b]).toEqual([...a]);
    }
  });

  it("keeps a value head of round points (architecture.valueTarget) through a file; a net without one reads as the game's outcome", () => {
    const arch = { ...DENSE, valueTarget: { kind: 'round', scale: 10 } } as const;
    const net = Net.create(arch, 'file-round');
    const back = netFromJson(netToJson(net, netMeta(denseGame, V3)), denseGame, V3);
    expect(back.net.arch.valueTarget).toEqual({ kind: 'round', scale: 10 });
    expect(netFromJson(denseText, denseGame, V3).net.arch.valueTarget).toBeUndefined();
    expect(JSON.parse(denseText).architecture).not.toHaveProperty('valueTarget');
  });

  it('writes the documented fields in order, the weights as base64 of little-endian float32 with their SHA-256', () => {
    const f = JSON.parse(denseText) as Record<string, unknown>;
    expect(Object.keys(f)).toEqual([
      'format',
      'version',
      'game',
      'variant',
      'layoutHash',
      'architecture',
      'parameters',
      'provenance',
      'weightsSha256',
      'weights',
    ]);
    expect(f.format).toBe('ninefold-net');
    expect(f.version).toBe(1);
    const bytes = Buffer.from(f.weights as string, 'base64');
    expect(bytes.readFloatLE(4 * 7)).toBe(dense.weights[7]);
    expect(f.weightsSha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(f.parameters).toBe(dense.weights.length);
  });

  it('saves atomically and loads from a path; a missing file is refused in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nn-file-'));
    const path = join(dir, 'net.json');
    saveNetFile(path, dense, netMeta(denseGame, V3));
    expect(loadNetFile(path, denseGame).net.weights).toEqual(dense.weights);
    expect(refusal(() => loadNetFile(join(dir, 'none.json'), denseGame))).toMatch(/none\.json: cannot read it \(ENOENT\)/);
  });

  it('refuses a file whose layout hash is not the game layout now (a field changed since training)', () => {
    const changed = fakeGame({
      tensor: [
        ['hand', 30],
        ['bids2', 10],
      ],
      ids: 20,
      defaultPlayers: 3,
    });
    expect(refusal(() => netFromJson(denseText, changed, V3))).toMatch(/trained for tensor layout [0-9a-f]{12}, fake now has [0-9a-f]{12} .*retrain the net/);
  });

  it('refuses a net of another game, or of another player count', () => {
    expect(
      refusal(() =>
        netFromJson(
          denseText,
          fakeGame({
            id: 'other',
            tensor: [
              ['hand', 30],
              ['bids', 10],
            ],
            ids: 20,
          }),
          V3,
        ),
      ),
    ).toMatch(/a net for fake, not other/);
    expect(refusal(() => netFromJson(denseText, denseGame, { players: 4 }))).toMatch(/a net for 3 seats, the variant has 4 players/);
  });

  it('refuses malformed files in one line each', () => {
    const f = JSON.parse(denseText) as Record<string, unknown>;
    const edit = (patch: Record<string, unknown>): string => JSON.stringify({ ...f, ...patch });
    const without = (key: string): string => JSON.stringify(Object.fromEntries(Object.entries(f).filter(([k]) => k !== key)));
    const bytes = Buffer.from(f.weights as string, 'base64');
    const nan = Buffer.from(bytes);
    nan.writeFloatLE(Number.NaN, 8);
    const cases: [string, RegExp][] = [
      ['{"format": "ninefold-net", ', /not JSON/],
      ['[1, 2]', /not a ninefold net file/],
      [edit({ format: 'onnx' }), /not a ninefold net file/],
      [edit({ version: 2 }), /format version 2, this ninefold reads version 1/],
      [without('layoutHash'), /malformed: layoutHash: Required/],
      [edit({ extra: 1 }), /malformed: \(top\): Unrecognized key/],
      [edit({ architecture: { ...(f.architecture as object), trunk: [] } }), /malformed: architecture\.trunk/],
      [edit({ architecture: { ...(f.architecture as object), head: { kind: 'sparse', hidden: [] } } }), /malformed: architecture\.head\.kind/],
      [edit({ architecture: { ...(f.architecture as object), valueTarget: { kind: 'round', scale: 0 } } }), /malformed: architecture\.valueTarget\.scale/],
      [edit({ architecture: { ...(f.architecture as object), valueTarget: { kind: 'hand', scale: 10 } } }), /malformed: architecture\.valueTarget\.kind/],
      [edit({ parameters: 5 }), /malformed: parameters 5, the architecture has \d+/],
      [edit({ weights: '!!!!' }), /malformed: weights: not base64/],
      [edit({ weights: bytes.subarray(0, bytes.length - 4).toString('base64') }), /malformed: \d+ weight bytes, \d+ weights need \d+/],
      [edit({ weightsSha256: 'ab'.repeat(32) }), /malformed: the weights do not match weightsSha256/],
      [edit({ weights: nan.toString('base64'), weightsSha256: createHash('sha256').update(nan).digest('hex') }), /malformed: weight 2 is NaN/],
    ];
    for (const [text, why] of cases) expect(refusal(() => netFromJson(text, denseGame, V3, 'x.json'))).toMatch(new RegExp(`^x\\.json: ${why.source}`));
  });

  it('a file written to disk by hand with another layout is refused through loadNetFile too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nn-file-'));
    const path = join(dir, 'old.json');
    writeFileSync(path, denseText);
    expect(refusal(() => loadNetFile(path, fakeGame({ tensor: [['hand', 40]], ids: 20, defaultPlayers: 3 })))).toMatch(/old\.json: trained for tensor layout/);
  });
});
