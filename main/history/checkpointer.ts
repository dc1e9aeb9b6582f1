/**
 * SQLite's WAL checkpoints, moved off the thread that records decisions. A checkpoint copies the log back
 * into the database file and syncs it; SQLite runs one inside whichever commit takes the log past a
 * thousand pages, and the decision waiting on that commit waits several milliseconds more (bench/bridge's
 * p99). Here a worker thread with a connection of its own checkpoints a few times a second, PASSIVE so it
 * never blocks the writer, and the writer's own automatic checkpoint is off only while that worker is up:
 * if it cannot start or stops, the writer checkpoints as before.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';

const EVERY_MS = 200;
/** SQLite's own default, restored when the worker is gone. */
const AUTOMATIC_PAGES = 1_000;
/** How long `stop` waits for the worker to let go of the file; its checkpoint or its start-up may be under way. */
const STOP_WAIT_MS = 2_000;

// A script rather than a file, so that every build (electron-vite, the CLI bundle, vitest) runs it as is.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
function open() {
  try {
    const db = new (require(workerData.driver))(workerData.path);
    db.pragma('busy_timeout = 5000');
    return db;
  } catch {
    // The file went away (a console closed at once) or cannot be opened: the writer keeps checkpointing.
    return undefined;
  }
}
const done = new Int32Array(workerData.done);
const finish = () => {
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
  parentPort.close();
};
const db = open();
if (db === undefined) {
  parentPort.postMessage('failed');
  finish();
} else {
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A busy or locked file: the next tick tries again.
    }
  }, workerData.everyMs);
  parentPort.on('message', () => {
    clearInterval(timer);
    db.close();
    finish();
  });
  parentPort.postMessage('ready');
}
`;

export interface Checkpointer {
  stop(): void;
}

export function startCheckpointer(db: Database, path: string): Checkpointer {
  const automatic = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
  };
  let worker: Worker;
  // Set by the worker once it holds the file no longer, so that `stop` returns only then: whoever closes
  // the history may delete its folder next.
  const done = new Int32Array(new SharedArrayBuffer(4));
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      workerData: { driver, path, everyMs: EVERY_MS, done: done.buffer },
    });
  } catch {
    return { stop: () => undefined };
  }
  // Never what keeps a process alive: a console that is done exits, and the log is checkpointed on reopen.
  worker.unref();
  worker.once('message', (message) => {
    if (message === 'ready' && db.open) db.pragma('wal_autocheckpoint = 0');
  });
  worker.once('error', automatic);
  worker.once('exit', automatic);
  return {
    stop() {
      worker.removeAllListeners();
      // Whatever the worker does from now on is no one's concern, an error included.
      worker.on('error', () => undefined);
      automatic();
      worker.postMessage('stop');
      Atomics.wait(done, 0, 0, STOP_WAIT_MS);
    },
  };
}
