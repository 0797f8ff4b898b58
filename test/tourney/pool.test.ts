/**
 * The worker pool survives a batch aborted just as its worker posted the
 * result (the race behind a CI failure: `npm run match -- --sprt` ended with
 * exit 1 when the SPRT's decision aborted a batch whose result was already on
 * its way, and piscina reported the late result as an 'error' event).
 */
import { describe, expect, it } from 'vitest';
import { BatchPool } from '../../src/tourney/pool.js';

type Emitter = { emit(event: string, e: Error): boolean };

describe('BatchPool', () => {
  it('drops the late result of an aborted batch; any other pool error is thrown by close()', async () => {
    const pool = new BatchPool(1);
    const inner = (pool as unknown as { pool: Emitter }).pool;
    expect(() => inner.emit('error', new Error('Unexpected message from Worker: { taskId: 11 }'))).not.toThrow();
    await expect(pool.close()).resolves.toBeUndefined();

    const failing = new BatchPool(1);
    (failing as unknown as { pool: Emitter }).pool.emit('error', new Error('worker exited'));
    await expect(failing.close()).rejects.toThrow('worker exited');
  });
});
