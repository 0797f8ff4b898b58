/**
 * The ONNX export run by a real runtime: ONNX Runtime's WebAssembly build
 * (`onnxruntime-web`, one thread, in Node) loads the bytes (it validates the
 * model against the ONNX schema and operator set) and must give the net's
 * own values and scores, to float32 rounding. The metadata is read back with
 * a protobuf reader written here, independently of src/nn/protobuf.ts.
 */
import * as ort from 'onnxruntime-web';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { netMeta } from '../../src/nn/file.js';
import { Net } from '../../src/nn/net.js';
import { exportOnnx } from '../../src/nn/onnx.js';
import { varint } from '../../src/nn/protobuf.js';
import { ARCHS, fakeGame, sparseVector } from './fixtures.js';

beforeAll(() => {
  ort.env.wasm.numThreads = 1;
});

/** max |a - b| / max(1, max |b|). */
function relError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let d = 0;
  let m = 1;
  for (let i = 0; i < a.length; i++) {
    d = Math.max(d, Math.abs(a[i]! - b[i]!));
    m = Math.max(m, Math.abs(b[i]!));
  }
  return d / m;
}

/** Top-level fields of a protobuf message: field number -> values (varints as numbers, length-delimited as bytes). */
function readFields(buf: Uint8Array): Map<number, (number | Uint8Array)[]> {
  const out = new Map<number, (number | Uint8Array)[]>();
  let pos = 0;
  const readVarint = (): number => {
    let x = 0;
    let mul = 1;
    for (;;) {
      const b = buf[pos++]!;
      x += (b & 0x7f) * mul;
      mul *= 128;
      if (b < 0x80) return x;
    }
  };
  while (pos < buf.length) {
    const key = readVarint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    let v: number | Uint8Array;
    if (wire === 0) v = readVarint();
    else if (wire === 2) {
      const n = readVarint();
      v = buf.subarray(pos, pos + n);
      pos += n;
    } else throw new Error(`wire type ${wire}`);
    out.set(field, [...(out.get(field) ?? []), v]);
  }
  return out;
}

const text = (b: number | Uint8Array | undefined): string => new TextDecoder().decode(b as Uint8Array);

describe('exportOnnx', () => {
  for (const [name, arch] of Object.entries(ARCHS)) {
    it(`${name}: ONNX Runtime loads the model and computes the net's values and action scores`, async () => {
      const net = Net.create(arch, `onnx-${name}`);
      const session = await ort.InferenceSession.create(exportOnnx(net));
      const head = arch.head;
      const rng = createRng(`onnx-${name}`);
      if (head.kind === 'dense') {
        expect([...session.inputNames]).toEqual(['obs']);
        const batch = 3;
        const obs = new Float32Array(batch * arch.inputSize);
        for (let b = 0; b < batch; b++) obs.set(sparseVector(rng, arch.inputSize), b * arch.inputSize);
        const r = await session.run({ obs: new ort.Tensor('float32', obs, [batch, arch.inputSize]) });
        expect(r.value!.dims).toEqual([batch, arch.seats]);
        expect(r.action_scores!.dims).toEqual([batch, head.actions]);
        const all = Int32Array.from({ length: head.actions }, (_, i) => i);
        for (let b = 0; b < batch; b++) {
          const o = obs.subarray(b * arch.inputSize, (b + 1) * arch.inputSize);
          const scores = new Float64Array(head.actions);
          const values = new Float64Array(arch.seats);
          net.evaluate(o, all, head.actions, undefined, scores, values);
          const v = r.value!.data as Float32Array;
          const s = r.action_scores!.data as Float32Array;
          expect(relError(v.subarray(b * arch.seats, (b + 1) * arch.seats), values)).toBeLessThan(1e-5);
          expect(relError(s.subarray(b * head.actions, (b + 1) * head.actions), scores)).toBeLessThan(1e-5);
        }
      } else {
        expect([...session.inputNames]).toEqual(['obs', 'action_features']);
        const count = 6;
        const obs = sparseVector(rng, arch.inputSize);
        const features = sparseVector(rng, count * head.featureSize, 0.4);
        const r = await session.run({
          obs: new ort.Tensor('float32', obs, [1, arch.inputSize]),
          action_features: new ort.Tensor('float32', features, [count, head.featureSize]),
        });
        expect(r.action_scores!.dims).toEqual([count, 1]);
        const scores = new Float64Array(count);
        const values = new Float64Array(arch.seats);
        net.evaluate(
          obs,
          Int32Array.from({ length: count }, (_, i) => i),
          count,
          features,
          scores,
          values,
        );
        expect(relError(r.value!.data as Float32Array, values)).toBeLessThan(1e-5);
        expect(relError(r.action_scores!.data as Float32Array, scores)).toBeLessThan(1e-5);
      }
      expect([...session.outputNames].sort()).toEqual(['action_scores', 'value']);
    });
  }

  it('writes IR 8, opset 13, the producer and the metadata (game, variant, layout hash, provenance)', () => {
    const game = fakeGame({
      tensor: [
        ['hand', 30],
        ['bids', 10],
      ],
      ids: 20,
    });
    const meta = netMeta(game, { players: 3 }, { command: 'test' });
    const model = readFields(exportOnnx(Net.create(ARCHS.DENSE!, 'meta'), meta));
    expect(model.get(1)).toEqual([8]);
    expect(text(model.get(2)?.[0])).toBe('ninefold');
    const opset = readFields(model.get(8)![0] as Uint8Array);
    expect(opset.get(2)).toEqual([13]);
    const props = Object.fromEntries(
      model.get(14)!.map((e) => {
        const f = readFields(e as Uint8Array);
        return [text(f.get(1)![0]), text(f.get(2)![0])];
      }),
    );
    expect(props).toEqual({
      'ninefold.head': 'dense',
      'ninefold.game': 'fake',
      'ninefold.variant': '{"players":3}',
      'ninefold.layoutHash': meta.layoutHash,
      'ninefold.provenance': '{"command":"test"}',
    });
  });

  it('names the base policy of a net that reads one (ninefold.base), whose obs input holds the base one-hot', () => {
    const arch = { ...ARCHS.DENSE!, inputSize: ARCHS.DENSE!.inputSize + (ARCHS.DENSE!.head as { actions: number }).actions, base: 'greedy' as const };
    const model = readFields(exportOnnx(Net.create(arch, 'base')));
    const props = Object.fromEntries(
      model.get(14)!.map((e) => {
        const f = readFields(e as Uint8Array);
        return [text(f.get(1)![0]), text(f.get(2)![0])];
      }),
    );
    expect(props).toEqual({ 'ninefold.head': 'dense', 'ninefold.base': 'greedy' });
  });

  it('encodes varints as protobuf does (7 bits a byte, low group first, high bit = more)', () => {
    expect([...varint(0)]).toEqual([0]);
    expect([...varint(1)]).toEqual([1]);
    expect([...varint(300)]).toEqual([0xac, 0x02]);
    expect([...varint(2 ** 35)]).toEqual([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]);
    expect(() => varint(-1)).toThrow(/non-negative/);
  });
});
