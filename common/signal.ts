import { guarded } from './guarded';

/**
 * A minimal typed event: many listeners, one payload type, unsubscribe by the returned function. A listener
 * that throws is reported and the others still run: an emit on the decision path must not fail the decision.
 */
export interface Signal<T> {
  emit(value: T): void;
  subscribe(listener: (value: T) => void): () => void;
  /** Whether anyone listens: a payload costly to make need not be made for no one. */
  listened(): boolean;
}

export function createSignal<T>(): Signal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit(value) {
      for (const listener of [...listeners]) guarded('a listener', () => listener(value));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listened: () => listeners.size > 0,
  };
}
