import type { PendingRequestView } from '../../../../common/console-contract';
import { EditDiff } from '../diff/edit-diff';
import { BashCommand } from './bash-command';
import { FetchInput } from './fetch-input';
import { JsonInput } from './json-input';
import { McpInput } from './mcp-input';
import { familyOf } from './tool-family';

/** The body of a card, by tool family. */
export function ToolInput({ request }: { request: PendingRequestView }) {
  switch (familyOf(request.tool, request.input)) {
    case 'bash':
      return <BashCommand request={request} />;
    case 'edit':
      return <EditDiff request={request} />;
    case 'fetch':
      return <FetchInput request={request} />;
    case 'mcp':
      return <McpInput request={request} />;
    case 'other':
      return <JsonInput request={request} />;
  }
}
