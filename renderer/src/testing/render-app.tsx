import { render } from '@testing-library/react';
import type { PendingRequestView } from '../../../common/queue-contract';
import type { RulesSnapshot } from '../../../common/rules-contract';
import { App } from '../app/app';
import type { Locale } from '../i18n/translate';
import { createPrefsStore } from '../store/prefs-store';
import { createQueueStore } from '../store/queue-store';
import { createFakeConsoleApi } from './fake-console-api';

/**
 * The whole console over the fake API with these requests waiting, in one language, as a person opens it;
 * with `rules`, opened on the rules view of that folder.
 */
export async function renderApp(
  requests: PendingRequestView[],
  options: { locale?: Locale; fake?: Parameters<typeof createFakeConsoleApi>[1]; rules?: RulesSnapshot } = {},
) {
  const fake = createFakeConsoleApi(requests, options.fake);
  if (options.rules) {
    window.history.replaceState(null, '', `/?view=rules&cwd=${encodeURIComponent(options.rules.cwd)}`);
    fake.setRules(options.rules);
  }
  const store = createQueueStore(fake.api, () => 0);
  await store.getState().load();
  const prefs = createPrefsStore(undefined);
  prefs.getState().set({ locale: options.locale ?? 'en' });
  render(
    <App
      api={fake.api}
      store={store}
      prefs={prefs}
      connection="ready"
      {...(options.rules ? { view: 'rules' as const } : {})}
    />,
  );
  return { fake, store };
}
