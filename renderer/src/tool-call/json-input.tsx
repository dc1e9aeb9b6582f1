import type { PendingRequestView } from '../../../common/console-contract';
import { useT } from '../i18n/i18n-context';

/** Any other tool: its whole input as readable JSON. */
export function JsonInput({ request }: { request: PendingRequestView }) {
  const t = useT();
  return (
    <pre className="code code--json" aria-label={t('json.input')} tabIndex={0} data-scroll-region="">
      <code>{JSON.stringify(request.input, null, 2)}</code>
    </pre>
  );
}
