/**
 * The console's side of the proposals worker (proposals-worker.ts): one worker for the console's life, each
 * pass a message. Working proposals out tries every candidate rule on thousands of past questions, seconds
 * of CPU that on the console's thread would hold up the bridge and every decision waiting on it.
 */
import { Worker } from 'node:worker_threads';
import type { ProposalView } from '../../common/proposals-contract';
import type { ProjectScope } from '../rules/editor/project-folder';

/** The worker bundle's name in out/cli/ (scripts/build-cli.mjs), without its extension. */
export const PROPOSALS_WORKER = 'proposals-worker';

export interface ProposalsWorkerData {
  /** The history database, opened read-only in the worker. */
  readonly file: string;
  readonly scope: ProjectScope;
}

export interface WorkerAsk {
  readonly id: number;
  readonly now: number;
}

export type WorkerAnswer =
  | { readonly id: number; readonly proposals: ProposalView[] }
  | { readonly id: number; readonly error: string };

export interface ProposalsThread {
  workOut(now: number): Promise<ProposalView[]>;
  close(): Promise<void>;
}

export function startProposalsThread(entry: URL | string, data: ProposalsWorkerData): ProposalsThread {
  const worker = new Worker(entry, { workerData: data });
  // Proposals are never a reason for the process to stay up.
  worker.unref();
  const waiting = new Map<number, { resolve(list: ProposalView[]): void; reject(error: Error): void }>();
  let next = 0;
  let ended: Error | undefined;
  const failAll = (error: Error) => {
    ended = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (answer: WorkerAnswer) => {
    const asker = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) asker?.reject(new Error(answer.error));
    else asker?.resolve(answer.proposals);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the proposals worker stopped (exit code ${code})`)));
  return {
    workOut(now) {
      if (ended) return Promise.reject(ended);
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, now } satisfies WorkerAsk);
      });
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
