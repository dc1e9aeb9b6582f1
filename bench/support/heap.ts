import { getHeapStatistics } from 'node:v8';

/** Whether the process runs with --expose-gc, so heap figures are taken after a full collection. */
export const canCollect = typeof (globalThis as { gc?: unknown }).gc === 'function';

/** This thread's heap in use, after a full collection when the process runs with --expose-gc. */
export function heapUsedBytes(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: the first pass may only queue finalizers whose memory the second pass frees.
  gc?.();
  gc?.();
  return getHeapStatistics().used_heap_size;
}
