import type { PendingRequestView } from '../../../common/console-contract';
import { useT } from '../i18n/i18n-context';
import { JsonTree } from './json-tree';
import { parseMcpName } from '../../../engine';

/** An MCP call: which server, which tool, and its arguments as a tree. */
export function McpInput({ request }: { request: PendingRequestView }) {
  const t = useT();
  const name = parseMcpName(request.tool);
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
      <section className="mcp__args" aria-label={t('mcp.arguments')}>
        <JsonTree value={request.input} />
      </section>
    </div>
  );
}
