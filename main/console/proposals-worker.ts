/**
 * The proposals worker's entry (a node:worker_threads worker, bundled beside the console's own entry):
 * reads history through its own read-only connection, which WAL lets run beside the console's writer, and
 * works proposals out there. The console's thread only sends `{ id, now }` and gets the list back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { loadInstalledBashSupport } from '../../engine/node';
import { createProposalHistory } from '../history/proposal-history';
import { memoizeBash } from '../rules/text-memo';
import type { ProposalsWorkerData, WorkerAnswer, WorkerAsk } from './proposals-thread';
import { workOutProposals } from './work-out-proposals';

/** How long a read waits out the console's checkpoint before it fails. */
const BUSY_TIMEOUT_MS = 5_000;

const { file, scope } = workerData as ProposalsWorkerData;
const port = parentPort!;
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
const history = createProposalHistory(db);
const bash = loadInstalledBashSupport().then((loaded) => memoizeBash(loaded));

port.on('message', ({ id, now }: WorkerAsk) => {
  bash
    .then((loaded) => workOutProposals({ history, bash: loaded, scope }, now))
    .then(
      (proposals) => port.postMessage({ id, proposals } satisfies WorkerAnswer),
      (error: unknown) =>
        port.postMessage({ id, error: (error as Error).message ?? String(error) } satisfies WorkerAnswer),
    );
});
