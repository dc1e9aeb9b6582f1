import { useLayoutEffect, useMemo, useRef } from 'react';
import type { PendingRequestView } from '../../../common/console-contract';
import { useT } from '../i18n/i18n-context';
import { useQueue } from '../store/store-context';
import { commandMayOverflow } from '../store/allow-gate';
import { highlightBash } from './highlight';
import { SubcommandList } from './subcommand-list';

/** Within this many pixels of the bottom counts as read to the end. */
const END_SLACK_PX = 4;

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
  const seen = useQueue((s) => Boolean(s.seenToEnd[request.id]));
  const markSeen = useQueue((s) => s.markSeenToEnd);
  const box = useRef<HTMLPreElement>(null);
  const gated = !recorded && commandMayOverflow(request) && !seen;

  const check = () => {
    const element = box.current;
    if (!element || recorded) return;
    if (element.scrollTop + element.clientHeight >= element.scrollHeight - END_SLACK_PX) markSeen(request.id);
  };
  useLayoutEffect(check);

  return (
    <div className="bash">
      {description && (
        <p className="bash__description" title={t('bash.description')}>
          {description}
        </p>
      )}
      <pre
        ref={box}
        className={`code bash__command${gated ? ' bash__command--unread' : ''}`}
        aria-label={t('bash.command')}
        tabIndex={0}
        data-scroll-region=""
        onScroll={gated ? check : undefined}
      >
        <code>{tokens}</code>
      </pre>
      {gated && (
        <p className="bash__gate" role="note">
          {t('bash.scrollToEnd')}
        </p>
      )}
      {request.explanation?.subcommands && <SubcommandList subcommands={request.explanation.subcommands} />}
    </div>
  );
}
