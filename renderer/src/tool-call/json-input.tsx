import { useCallback, useMemo } from 'react';
import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { pieces } from './input-rows';
import { ReviewRows } from './review-rows';

/** A tool of no known shape: its whole input as JSON, a row per line, seen to its end before an Allow. */
export function JsonInput({
  request,
  recorded = false,
}: {
  request: PendingRequestView;
  recorded?: boolean;
}) {
  const t = useT();
  const lines = useMemo(
    () => JSON.stringify(request.input, null, 2).split('\n').flatMap(pieces),
    [request.input],
  );
  const mustSee = useCallback(() => true, []);
  return (
    <ReviewRows
      request={request}
      recorded={recorded}
      count={lines.length}
      mustSee={mustSee}
      renderRow={(index) => <code className="code__line">{lines[index]}</code>}
      unit="line"
      className="code code--json"
      label={t('json.input')}
    />
  );
}
