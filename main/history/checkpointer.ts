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

// A script rather than a file, so that every build (electron-vite, the CLI bundle, vitest) runs it as is.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy or locked file: the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

export interface Checkpointer {
  stop(): void;
}

export function startCheckpointer(db: Database, path: string): Checkpointer {
  const automatic = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
  };
  let worker: Worker;
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER_SCRIPT, { eval: true, workerData: { driver, path, everyMs: EVERY_MS } });
  } catch {
    return { stop: () => undefined };
  }
  // Never what keeps a process alive: a console that is done exits, and the log is checkpointed on reopen.
  worker.unref();
  worker.once('message', () => {
    if (db.open) db.pragma('wal_autocheckpoint = 0');
  });
  worker.once('error', automatic);
  worker.once('exit', automatic);
  return {
    stop() {
      worker.removeAllListeners();
      automatic();
      worker.postMessage('stop');
    },
  };
}
