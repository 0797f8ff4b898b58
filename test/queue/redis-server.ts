/**
 * A real `redis-server` for the queue's tests: started on
 * the loopback interface on a free port, without persistence, in a temporary
 * directory, waited for at most `START_MS`, and stopped by `stop()` (and when
 * the test process exits). Debian's `redis-server` package provides it; `.ci/run`
 * installs it when missing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Most ms the server may take to answer PING after it is started. */
const START_MS = 10_000;

/** A running server. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>/0` (`redis://:<password>@127.0.0.1:<port>/0` with a password). */
  readonly url: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the kernel's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a !== null && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** True when a Redis server answers PING (or, with a password, refuses it for want of one) on the port within 500 ms. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    const done = (ok: boolean): void => {
      c.destroy();
      resolve(ok);
    };
    c.setTimeout(500, () => done(false));
    c.once('error', () => done(false));
    c.once('connect', () => c.write('PING\r\n'));
    c.once('data', (d) => done(d.toString().startsWith('+PONG') || d.toString().startsWith('-NOAUTH')));
  });
}

/**
 * Starts `redis-server` (found on PATH; Debian installs it in /usr/bin).
 * @param password when given, the server requires it (`requirepass`), and `url` carries it.
 * @returns the server, or a one-line reason why it could not be started (the tests then skip, saying so).
 */
export async function startRedis(password?: string): Promise<RedisServer | string> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ninefold-redis-'));
  let child: ChildProcess;
  let failed: string | null = null;
  try {
    const auth = password === undefined ? [] : ['--requirepass', password];
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...auth], {
      stdio: 'ignore',
    });
  } catch (e) {
    return `redis-server cannot be started: ${(e as Error).message}`;
  }
  child.once('error', (e) => {
    failed = `redis-server cannot be started: ${e.message} (install Debian's redis-server package)`;
  });
  child.once('exit', (code) => {
    failed ??= `redis-server exited with code ${code}`;
  });
  const t0 = Date.now();
  while (failed === null && Date.now() - t0 < START_MS) {
    if (await pings(port)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const reason: string | null = failed ?? (Date.now() - t0 >= START_MS ? `redis-server did not answer within ${START_MS} ms` : null);
  const kill = (): void => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  if (reason !== null) {
    kill();
    rmSync(dir, { recursive: true, force: true });
    return reason;
  }
  return {
    port,
    url: `redis://${password === undefined ? '' : `:${encodeURIComponent(password)}@`}127.0.0.1:${port}/0`,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        kill();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
