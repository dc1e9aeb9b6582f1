import { useMemo } from 'react';
import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { highlightBash } from './highlight';
import { SubcommandList } from './subcommand-list';
import { MoreLinesCue, useSeenToEnd } from './seen-to-end';

/**
 * The whole command, highlighted and wrapped, never cut. A command taller than the card scrolls inside it,
 * and the card's Allow waits until it has been scrolled to the end — unless it is `recorded` history,
 * which no one answers any more.
 */
export function BashCommand({
  request,
  recorded = false,
}: {
  request: PendingRequestView;
  recorded?: boolean;
}) {
  const t = useT();
  const command = String(request.input.command);
  const description = typeof request.input.description === 'string' ? request.input.description : undefined;
  const tokens = useMemo(() => highlightBash(command), [command]);
  const { box, gated, hiddenLines, onScroll } = useSeenToEnd<HTMLPreElement>(
    request,
    command.split('\n').length,
    recorded,
  );

  return (
    <div className="bash">
      {description && (
        <p className="bash__description" title={t('bash.description')}>
          {description}
        </p>
      )}
      <pre
        ref={box}
        className={`code bash__command${gated ? ' unseen' : ''}`}
        aria-label={t('bash.command')}
        tabIndex={0}
        data-scroll-region=""
        onScroll={onScroll}
      >
        <code>{tokens}</code>
      </pre>
      <MoreLinesCue gated={gated} hiddenLines={hiddenLines} />
      {request.explanation?.subcommands && <SubcommandList subcommands={request.explanation.subcommands} />}
    </div>
  );
}
