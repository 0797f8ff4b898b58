import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BotSpecError, type BotParam } from '../../src/core/bot.js';
import { isReply, type RealmReply } from './protocol.js';

/** What a user bot file declares, as its realm read it. */
export interface BotFileDescription {
  readonly params: readonly BotParam[];
  readonly supports: boolean;
  readonly doc: string;
  readonly reproducible: boolean;
}

const REALM = fileURLToPath(new URL('./realm.js', import.meta.url));

/**
 * Loads a user bot file in a realm of its own (a child process), builds the
 * bot once, and reports its declared parameters, whether it plays `gameId`,
 * and whether it is reproducible. The harness never imports a user file in
 * its own process: a file that loops while loading cannot block Ctrl-C, and
 * is refused after `loadMs`.
 * @throws BotSpecError with one line when the file does not load in time,
 *   fails to load, or its factory fails.
 */
export function describeBotFile(file: string, gameId: string, params: Readonly<Record<string, string>>, loadMs: number): Promise<BotFileDescription> {
  return new Promise((resolve, reject) => {
    const child = fork(REALM, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    let settled = false;
    const done = (f: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      f();
    };
    const timer = setTimeout(() => done(() => reject(new BotSpecError(`bot ${file} did not load within ${loadMs} ms (it is refused)`))), loadMs);
    child.on('message', (m: unknown) => {
      if (!isReply(m) || m.id !== 1) return;
      const r = m as RealmReply;
      if (r.t === 'described') done(() => resolve({ params: r.params, supports: r.supports, doc: r.doc, reproducible: r.reproducible }));
      else if (r.t === 'error')
        done(() => reject(new BotSpecError(r.message.startsWith(`bot file ${file}`) ? r.message : `cannot load bot ${file}: ${r.message}`)));
    });
    child.on('exit', (code, sig) => done(() => reject(new BotSpecError(`bot ${file}: its process exited while loading (${sig ?? `code ${String(code)}`})`))));
    child.on('error', (e) => done(() => reject(new BotSpecError(`bot ${file}: ${e.message}`))));
    child.send({ t: 'describe', id: 1, file, gameId, params });
  });
}
