// The base styles first, so each view's own sheet (imported by its components) comes after them.
import './styles.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { requestFromSearch, viewFromSearch } from '../../common/console-views';
import { createPrefsStore } from './store/prefs-store';
import { createQueueStore } from './store/queue-store';
import { createIpcTransport } from './transport/ipc-transport';
import { consoleSocketUrl, createWebTransport, tabCredential } from './transport/web-transport';
import type { ConnectionState } from './transport/web-transport';

type Connection = ConnectionState | 'ipc';
const connectionListeners = new Set<(state: Connection) => void>();
let connection: Connection = 'connecting';
const setConnection = (state: Connection) => {
  connection = state;
  for (const listener of connectionListeners) listener(state);
};

function pickTransport() {
  if (window.gatehouse) {
    connection = 'ipc';
    return createIpcTransport(window.gatehouse);
  }
  const credential = tabCredential(window.location.hash, window.sessionStorage);
  // The code leaves the address at once (it works only once anyway); the view stays, so a reload opens it.
  history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  return createWebTransport({
    url: consoleSocketUrl(window.location),
    credential,
    secrets: window.sessionStorage,
    onState: setConnection,
  });
}

const api = pickTransport();
const store = createQueueStore(api);
const initialView = viewFromSearch(window.location.search);
const initialRequest = requestFromSearch(window.location.search);
const prefs = createPrefsStore(window.localStorage);

function Root() {
  const [state, setState] = useState<Connection>(connection);
  useEffect(() => {
    connectionListeners.add(setState);
    return () => void connectionListeners.delete(setState);
  }, []);
  useEffect(() => {
    if (state === 'ready' || state === 'ipc') void store.getState().load();
  }, [state]);
  return (
    <App
      api={api}
      store={store}
      prefs={prefs}
      connection={state}
      view={initialView}
      {...(initialRequest === undefined ? {} : { reveal: initialRequest })}
    />
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
