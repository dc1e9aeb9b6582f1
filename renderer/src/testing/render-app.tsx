import { render } from '@testing-library/react';
import type { PendingRequestView } from '../../../common/queue-contract';
import { App } from '../app/app';
import type { Locale } from '../i18n/translate';
import { createPrefsStore } from '../store/prefs-store';
import { createQueueStore } from '../store/queue-store';
import { createFakeConsoleApi } from './fake-console-api';

/** The whole console over the fake API with these requests waiting, in one language, as a person opens it. */
export async function renderApp(
  requests: PendingRequestView[],
  options: { locale?: Locale; fake?: Parameters<typeof createFakeConsoleApi>[1] } = {},
) {
  const fake = createFakeConsoleApi(requests, options.fake);
  const store = createQueueStore(fake.api, () => 0);
  await store.getState().load();
  const prefs = createPrefsStore(undefined);
  prefs.getState().set({ locale: options.locale ?? 'en' });
  render(<App api={fake.api} store={store} prefs={prefs} connection="ready" />);
  return { fake, store };
}
