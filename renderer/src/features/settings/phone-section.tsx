import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { PhoneState } from '../../../../common/phone-contract';
import { useT } from '../../i18n/i18n-context';
import type { Translate } from '../../i18n/translate';
import { usePhone } from '../../store/use-phone';
import { usePhoneDown } from '../../ui/phone-down';
import { useRefusalText } from '../../ui/refusal-text';

/** Telegram: paste a bot token, pair a chat with a one-time code, choose when and what it gets. */
export function PhoneSection() {
  const t = useT();
  const refused = useRefusalText();
  const id = useId();
  const { state, error, run, api } = usePhone();
  const [token, setToken] = useState('');
  const [done, setDone] = useState<string>();
  const [replacing, setReplacing] = useState(false);
  if (!state) return null;
  const chat = chatLabel(state, t);

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    if (await run(() => api.invoke('phone:connect', { token }))) setToken('');
  };
  const pair = async (replace: boolean) => {
    setDone(undefined);
    setReplacing(false);
    await run(() => api.invoke('phone:pair', replace ? { replace } : {}));
  };
  const test = async () => {
    setDone(undefined);
    if (await run(() => api.invoke('phone:test', {}))) setDone(t('phone.test.sent'));
  };
  const configure = (change: Partial<Pick<PhoneState, 'summaryOnly' | 'send'>>) =>
    void run(() => api.invoke('phone:configure', change));

  return (
    <section className="settings__section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings__heading">
        {t('phone.title')}
      </h3>
      <p className="settings__note">{t('phone.intro')}</p>
      <ChannelLine state={state} />

      {!state.connected ? (
        <form className="settings__form" onSubmit={(event) => void connect(event)}>
          <label className="field settings__token">
            <span className="field__label">{t('phone.token')}</span>
            <input
              className="input input--mono"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="123456:ABC…"
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          </label>
          <button type="submit" className="button button--small" disabled={token.trim() === ''}>
            {t('phone.connect')}
          </button>
        </form>
      ) : (
        <>
          {state.pairing ? (
            <div className="settings__pairing" role="status">
              <p>{t('phone.pair.send')}</p>
              <code className="settings__code">{state.pairing.code}</code>
              <p className="settings__note">{t('phone.pair.waiting')}</p>
              {chat && <p className="settings__note">{t('phone.pair.replacing', { chat })}</p>}
              <div className="settings__actions">
                <button
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => void run(() => api.invoke('phone:cancel-pairing', {}))}
                >
                  {t('phone.pair.cancel')}
                </button>
              </div>
            </div>
          ) : replacing && chat ? (
            <div className="settings__replace" role="group" aria-labelledby={`${id}-replace`}>
              <p id={`${id}-replace`}>{t('phone.replace.question', { chat })}</p>
              <div className="settings__actions">
                <button type="button" className="button button--small" onClick={() => void pair(true)}>
                  {t('phone.replace.confirm')}
                </button>
                <button
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => setReplacing(false)}
                >
                  {t('phone.replace.keep')}
                </button>
              </div>
            </div>
          ) : (
            <div className="settings__actions">
              <button
                type="button"
                className="button button--small"
                onClick={() => (state.paired ? setReplacing(true) : void pair(false))}
              >
                {state.paired ? t('phone.pair.again') : t('phone.pair.start')}
              </button>
              {state.paired && (
                <button type="button" className="button button--small" onClick={() => void test()}>
                  {t('phone.test')}
                </button>
              )}
              <button
                type="button"
                className="button button--small button--danger"
                onClick={() => void run(() => api.invoke('phone:disconnect', {}))}
              >
                {t('phone.disconnect')}
              </button>
            </div>
          )}
          {state.pairingFailed && (
            <p className="settings__error" role="alert">
              {t(`phone.pairingFailed.${state.pairingFailed}`)}
            </p>
          )}
        </>
      )}
      {error && (
        <p className="settings__error" role="alert">
          {error.code === 'bad-arguments' ? t('phone.refused.bad-arguments') : refused(error)}
        </p>
      )}
      {done && (
        <p className="settings__done" role="status">
          {done}
        </p>
      )}

      <fieldset className="settings__choices">
        <legend className="field__label">{t('phone.send')}</legend>
        {(['away', 'always'] as const).map((mode) => (
          <label key={mode} className="settings__choice">
            <input
              type="radio"
              name={`${id}-send`}
              checked={state.send === mode}
              onChange={() => configure({ send: mode })}
            />
            {t(`phone.send.${mode}`, { minutes: state.awayAfterMinutes })}
          </label>
        ))}
      </fieldset>
      <label className="settings__choice">
        <input
          type="checkbox"
          checked={state.away}
          onChange={(event) => void run(() => api.invoke('phone:away', { away: event.target.checked }))}
        />
        {t('phone.away')}
      </label>
      <label className="settings__choice">
        <input
          type="checkbox"
          checked={state.summaryOnly}
          onChange={(event) => configure({ summaryOnly: event.target.checked })}
        />
        {t('phone.summaryOnly')}
      </label>
      <p className="settings__note">{t(state.summaryOnly ? 'phone.sees.summary' : 'phone.sees.full')}</p>
    </section>
  );
}

/** The paired chat as a person knows it: its name and id, or its id alone. */
function chatLabel(state: PhoneState, t: Translate): string | undefined {
  if (!state.chat) return undefined;
  return state.chat.name
    ? t('phone.chat.named', { name: state.chat.name, id: state.chat.id })
    : t('phone.chat.unnamed', { id: state.chat.id });
}

/** Whether the channel is connected, paired and reaching Telegram, in one line. */
function ChannelLine({ state }: { state: PhoneState }) {
  const t = useT();
  const chat = chatLabel(state, t);
  const down = usePhoneDown(state);
  const key = !state.connected
    ? 'phone.state.off'
    : state.paired
      ? 'phone.state.paired'
      : 'phone.state.unpaired';
  return (
    <div className="settings__status" role="status">
      <p className={`settings__state${down ? ' settings__state--down' : ''}`}>
        {down?.headline ?? t(key, { chat: chat ?? '' })}
      </p>
      {down?.sentence && <p className="settings__why">{down.sentence}</p>}
      {state.tokenStorage === 'file' && <p className="settings__note">{t('phone.token.file')}</p>}
    </div>
  );
}
