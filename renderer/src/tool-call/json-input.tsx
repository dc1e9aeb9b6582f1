import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { MoreLinesCue, useSeenToEnd } from './seen-to-end';

/** Any other tool: its whole input as readable JSON, seen to its end before it can be allowed. */
export function JsonInput({
  request,
  recorded = false,
}: {
  request: PendingRequestView;
  recorded?: boolean;
}) {
  const t = useT();
  const json = JSON.stringify(request.input, null, 2);
  const { box, gated, hiddenLines, onScroll } = useSeenToEnd<HTMLPreElement>(
    request,
    json.split('\n').length,
    recorded,
  );
  return (
    <>
      <pre
        ref={box}
        className={`code code--json${gated ? ' unseen' : ''}`}
        aria-label={t('json.input')}
        tabIndex={0}
        data-scroll-region=""
        onScroll={onScroll}
      >
        <code>{json}</code>
      </pre>
      <MoreLinesCue gated={gated} hiddenLines={hiddenLines} />
    </>
  );
}
