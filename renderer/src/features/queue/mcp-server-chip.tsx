import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { VisibleText } from '../../ui/visible-text';

const KNOWN_MCP_SOURCES = [
  'user',
  'project',
  'local',
  'plugin',
  'sdk',
  'dynamic',
  'managed',
  'enterprise',
  'claudeai',
  'agent',
] as const;

/** An MCP tool's server and where it was configured: trust follows the place, so the card says it. */
export function McpServerChip({ request }: { request: PendingRequestView }) {
  const t = useT();
  const server = request.mcpServer;
  if (!server) return null;
  const known = KNOWN_MCP_SOURCES.find((source) => source === server.source);
  const source = known ? t(`mcpSource.${known}`) : t('mcpSource.other', { source: server.source });
  return (
    <span className="chip chip--mcp" title={t('card.mcpServerTitle')}>
      <VisibleText text={t('card.mcpServer', { name: server.name, source })} />
    </span>
  );
}
