import { changedPart } from '../../../common/acp-call';
import type { AcpCall } from '../../../common/acp-call';
import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { displayPath } from '../ui/names';
import { VisibleText } from '../ui/visible-text';
import { BashCommand } from './bash-command';
import { EditDiff } from './edit-diff';
import { JsonInput } from './json-input';
import { RecordedEdit } from './recorded-edit';

/**
 * An ACP tool call drawn from what ACP describes, as the console draws Claude Code's: the agent's words,
 * the command an execute call runs, the diff an edit makes, the paths it names. The call as the agent
 * sent it stays one click away; when none of it can be drawn, that JSON is the body.
 */
export function AcpInput({
  request,
  call,
  recorded = false,
}: {
  request: PendingRequestView;
  call: AcpCall;
  recorded?: boolean;
}) {
  const t = useT();
  const { command, description, diffs, texts } = call;
  const diffPaths = new Set(diffs.map((diff) => diff.path));
  const locations = call.locations.filter((where) => where.line !== undefined || !diffPaths.has(where.path));
  const unsaidCommand = call.kind === 'execute' && command === undefined;
  if (!command && !diffs.length && !locations.length && !texts.length && !unsaidCommand)
    return <JsonInput request={request} recorded={recorded} />;
  return (
    <div className="acp">
      {texts.map((text, index) => (
        <p key={index} className="acp__text">
          <VisibleText text={text} multiline />
        </p>
      ))}
      {command !== undefined && (
        <BashCommand
          request={{ ...request, input: { command, ...(description ? { description } : {}) } }}
          recorded={recorded}
        />
      )}
      {unsaidCommand && <p className="diff__note">{t('acp.noCommand')}</p>}
      {diffs.length > 0 &&
        (recorded ? (
          diffs.map((diff, index) => {
            const { removed, added } = changedPart(diff);
            return (
              <RecordedEdit
                key={index}
                request={{
                  ...request,
                  tool: 'Edit',
                  input: { file_path: diff.path, old_string: removed, new_string: added },
                }}
              />
            );
          })
        ) : (
          <>
            <EditDiff request={request} />
            {diffs.length > 1 && (
              <p className="diff__note">{t('acp.moreDiffs', { count: diffs.length - 1 })}</p>
            )}
          </>
        ))}
      {locations.length > 0 && (
        <div className="acp__locations">
          <span className="acp__label">{t('acp.locations')}</span>
          <ul aria-label={t('acp.locations')}>
            {locations.map((where, index) => (
              <li key={index} title={where.path}>
                <code>
                  <VisibleText text={displayPath(where.path, request.cwd)} />
                  {where.line === undefined ? '' : `:${where.line}`}
                </code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <details className="acp__raw">
        <summary>{t('acp.raw')}</summary>
        <JsonInput request={request} recorded />
      </details>
    </div>
  );
}
