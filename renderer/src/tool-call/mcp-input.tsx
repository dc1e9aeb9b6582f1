import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { JsonTree } from './json-tree';
import { parseMcpName } from '../../../engine';
import { MoreLinesCue, useSeenToEnd } from './seen-to-end';

/** An MCP call: which server, which tool, and its arguments as a tree. */
export function McpInput({ request, recorded = false }: { request: PendingRequestView; recorded?: boolean }) {
  const t = useT();
  const name = parseMcpName(request.tool);
  const { box, gated, hiddenLines, onScroll } = useSeenToEnd<HTMLElement>(
    request,
    JSON.stringify(request.input, null, 2).split('\n').length,
    recorded,
  );
  return (
    <div className="mcp">
      <dl className="fields">
        <dt>{t('mcp.server')}</dt>
        <dd>
          <strong>{name?.server}</strong>
        </dd>
        <dt>{t('mcp.tool')}</dt>
        <dd>
          <code>{name?.tool}</code>
        </dd>
      </dl>
      <section
        ref={box}
        className={`mcp__args${gated ? ' unseen' : ''}`}
        aria-label={t('mcp.arguments')}
        tabIndex={0}
        data-scroll-region=""
        onScroll={onScroll}
      >
        <JsonTree value={request.input} />
      </section>
      <MoreLinesCue gated={gated} hiddenLines={hiddenLines} />
    </div>
  );
}
