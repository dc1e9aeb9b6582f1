import type { PendingRequestView } from '../../../../common/console-contract';

/** The whole tool input, never cut: the command of a Bash call as written, anything else as readable JSON. */
export function ToolInput({ request }: { request: PendingRequestView }) {
  const command =
    request.tool === 'Bash' && typeof request.input.command === 'string' ? request.input.command : undefined;
  if (command !== undefined) {
    const description = typeof request.input.description === 'string' ? request.input.description : undefined;
    return (
      <div className="tool-input">
        {description && <p className="tool-input__description">{description}</p>}
        <pre className="tool-input__command" aria-label="Command">
          <code>{command}</code>
        </pre>
      </div>
    );
  }
  return (
    <pre className="tool-input__json" aria-label="Tool input">
      <code>{JSON.stringify(request.input, null, 2)}</code>
    </pre>
  );
}
