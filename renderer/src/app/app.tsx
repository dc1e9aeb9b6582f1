import { useStore } from 'zustand';
import type { QueueStore } from '../store/queue-store';
import type { ConnectionState } from '../transport/web-transport';
import { QueueView } from '../features/queue/queue-view';

const CONNECTION_TEXT: Record<ConnectionState | 'ipc', string> = {
  ipc: 'Connected',
  ready: 'Connected',
  connecting: 'Connecting…',
  closed: 'Disconnected: reload when the console is running',
  unauthorized: 'This link is not valid: open the address that gatehouse serve printed',
};

export function App({ store, connection }: { store: QueueStore; connection: ConnectionState | 'ipc' }) {
  const count = useStore(store, (s) => s.requests.length - Object.keys(s.resolutions).length);
  const error = useStore(store, (s) => s.error);
  const healthy = connection === 'ipc' || connection === 'ready';
  return (
    <div className="app">
      <header className="topbar">
        <h1 className="topbar__title">Gatehouse</h1>
        <span className="topbar__count" aria-label="Waiting requests">
          {count} waiting
        </span>
        <span className={`topbar__status${healthy ? '' : ' topbar__status--down'}`} role="status">
          {CONNECTION_TEXT[connection]}
        </span>
      </header>
      {error && (
        <p className="banner" role="alert">
          {error}
        </p>
      )}
      <main className="content">
        <QueueView store={store} />
      </main>
    </div>
  );
}
