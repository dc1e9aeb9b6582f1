import { memo } from 'react';
import { acpCallOf } from '../../../common/acp-call';
import type { PendingRequestView } from '../../../common/queue-contract';
import { AcpInput } from './acp-input';
import { EditDiff } from './edit-diff';
import { RecordedEdit } from './recorded-edit';
import { BashCommand } from './bash-command';
import { FetchInput } from './fetch-input';
import { JsonInput } from './json-input';
import { McpInput } from './mcp-input';
import { familyOf } from '../../../engine';
import './tool-call.css';

/**
 * The body of a card: an ACP call from what ACP describes, else by tool family. `recorded` is a request from history: nothing to gate, and an edit
 * shows the change as asked rather than a diff against today's file.
 */
// Memoised: moving the cursor re-renders every card, and a big diff or input need not redraw for that.
export const ToolInput = memo(function ToolInput({
  request,
  recorded = false,
}: {
  request: PendingRequestView;
  recorded?: boolean;
}) {
  const acp = acpCallOf(request);
  if (acp) return <AcpInput request={request} call={acp} recorded={recorded} />;
  const { command, url } = request.input;
  switch (familyOf(request.tool)) {
    case 'bash':
      if (typeof command !== 'string') break;
      return <BashCommand request={request} recorded={recorded} />;
    case 'edit':
      return recorded ? <RecordedEdit request={request} /> : <EditDiff request={request} />;
    case 'webFetch':
      if (typeof url !== 'string') break;
      return <FetchInput request={request} />;
    case 'mcp':
      return <McpInput request={request} recorded={recorded} />;
    case 'read':
    case 'generic':
      break;
  }
  return <JsonInput request={request} recorded={recorded} />;
});
