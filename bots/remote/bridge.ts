/**
 * The bridge thread of a batch worker: it owns the realms (child processes)
 * of the worker's user bots, forwards each request to its realm and hands the
 * answer back, waking the batch worker, which waits synchronously
 * (`Atomics.wait`) inside the game loop. It also enforces the realms' memory
 * limit: while a realm works on a request its resident memory (ArrayBuffers
 * included, read from /proc) is polled, and a realm over the limit is killed
 * and the request answered with a `memory` fault.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { workerData, type MessagePort } from 'node:worker_threads';
import { isReply, type BridgeRequest, type RealmReply, type RealmRequest } from './protocol.js';

/** What the batch worker hands the bridge. */
export interface BridgeData {
  /** The port requests come in on and answers go out on. */
  readonly port: MessagePort;
  /** signal[0] is bumped and notified after each answer is posted. */
  readonly signal: SharedArrayBuffer;
  /** The most resident memory a realm may hold, in bytes. */
  readonly memoryBytes: number;
}

const REALM = fileURLToPath(new URL('./realm.js', import.meta.url));
const PAGE = 4096;

interface Realm {
  readonly child: ChildProcess;
  /** The request it works on, if any. */
  pending: RealmRequest | null;
  dead: boolean;
}

const data = workerData as BridgeData;
const signal = new Int32Array(data.signal);
const realms = new Map<string, Realm>();

function answer(r: RealmReply): void {
  data.port.postMessage(r);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

/** Resident memory of a process in bytes (Linux /proc), or 0 where it cannot be read. */
function residentBytes(pid: number): number {
  try {
    const statm = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(statm[1]) * PAGE;
  } catch {
    return 0;
  }
}

/** Polls the memory of every realm that works on a request, every 20 ms while any does. */
let poller: NodeJS.Timeout | null = null;
function pollMemory(): void {
  let busy = false;
  for (const [key, r] of realms) {
    const pid = r.child.pid;
    if (r.pending === null || pid === undefined) continue;
    busy = true;
    const rss = residentBytes(pid);
    if (rss > data.memoryBytes) {
      const id = r.pending.id;
      kill(key);
      answer({
        t: 'fault',
        id,
        reason: 'memory',
        message: `used ${Math.round(rss / 2 ** 20)} MiB, over the ${Math.round(data.memoryBytes / 2 ** 20)} MiB limit`,
      });
    }
  }
  if (!busy && poller !== null) {
    clearInterval(poller);
    poller = null;
  }
}

function kill(key: string): void {
  const r = realms.get(key);
  if (!r) return;
  realms.delete(key);
  r.dead = true;
  r.child.kill('SIGKILL');
}

function spawnRealm(key: string): Realm {
  const child = fork(REALM, [], {
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    // Small young generation, as the harness's own threads; the memory limit is enforced by polling.
    execArgv: ['--max-semi-space-size=1'],
  });
  const r: Realm = { child, pending: null, dead: false };
  child.on('message', (m: unknown) => {
    if (!isReply(m) || r.pending === null || m.id !== r.pending.id) return;
    r.pending = null;
    answer(m);
  });
  child.on('exit', (code, sig) => {
    const p = r.pending;
    r.pending = null;
    if (realms.get(key) === r) realms.delete(key);
    if (p !== null && !r.dead) answer({ t: 'fault', id: p.id, reason: 'threw', message: `its process exited (${sig ?? `code ${String(code)}`})` });
  });
  child.on('error', () => undefined);
  realms.set(key, r);
  return r;
}

function forward(key: string, request: RealmRequest): void {
  const r = realms.get(key) ?? spawnRealm(key);
  r.pending = request;
  poller ??= setInterval(pollMemory, 20);
  r.child.send(request, (e) => {
    if (e && r.pending?.id === request.id) {
      r.pending = null;
      answer({ t: 'fault', id: request.id, reason: 'threw', message: `its process is gone: ${e.message}` });
    }
  });
}

data.port.on('message', (m: BridgeRequest) => {
  if ('kill' in m) kill(m.realm);
  else forward(m.realm, m.request);
});

process.on('exit', () => {
  for (const key of [...realms.keys()]) kill(key);
});
