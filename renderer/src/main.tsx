// The base styles first, so each view's own sheet (imported by its components) comes after them.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot, createConnectionStore } from './app/console-root';
import { requestFromSearch, viewFromSearch } from '../../common/console-views';
import { createPrefsStore } from './store/prefs-store';
import { createQueueStore } from './store/queue-store';
import { createIpcTransport } from './transport/ipc-transport';
import { codeFromFragment, consoleSocketUrl, createWebTransport } from './transport/web-transport';

const connection = createConnectionStore(window.gatehouse ? 'ipc' : 'connecting');

/** The code of the link in the address, taken out of it at once (it works only once anyway); the view stays. */
function takeCode(): string | undefined {
  const code = codeFromFragment(window.location.hash);
  history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  return code;
}

function pickTransport() {
  if (window.gatehouse) return createIpcTransport(window.gatehouse);
  const transport = createWebTransport({
    url: consoleSocketUrl(window.location),
    code: takeCode(),
    onState: (state) => connection.setState(state, true),
  });
  // A new link opened in this tab differs from its address only in the fragment, which the browser does not
  // load anew: load it, so the link opens the console afresh as it would in a new tab, whether this tab is
  // connected or is asking for a new link.
  window.addEventListener('hashchange', () => {
    if (codeFromFragment(window.location.hash) !== undefined) window.location.reload();
  });
  return transport;
}

const api = pickTransport();
const store = createQueueStore(api);
const initialView = viewFromSearch(window.location.search);
const initialRequest = requestFromSearch(window.location.search);
const prefs = createPrefsStore(window.localStorage);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleRoot
        api={api}
        store={store}
        prefs={prefs}
        connection={connection}
        view={initialView}
        {...(initialRequest === undefined ? {} : { reveal: initialRequest })}
      />
    </StrictMode>,
  );
}
