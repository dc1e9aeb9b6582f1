import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { VisibleText } from '../ui/visible-text';

/** A WebFetch: the whole URL, its domain apart (what a rule would name), and the question about it. */
export function FetchInput({ request }: { request: PendingRequestView }) {
  const t = useT();
  const url = String(request.input.url);
  const domain = URL.canParse(url) ? new URL(url).hostname : undefined;
  const prompt = typeof request.input.prompt === 'string' ? request.input.prompt : undefined;
  return (
    <dl className="fields">
      <dt>{t('fetch.domain')}</dt>
      <dd>
        <strong className="fields__domain">
          <VisibleText text={domain ?? url} />
        </strong>
      </dd>
      <dt>{t('fetch.url')}</dt>
      <dd>
        <code className="fields__url">
          <VisibleText text={url} />
        </code>
      </dd>
      {prompt && (
        <>
          <dt>{t('fetch.prompt')}</dt>
          <dd>
            <VisibleText text={prompt} multiline />
          </dd>
        </>
      )}
    </dl>
  );
}
