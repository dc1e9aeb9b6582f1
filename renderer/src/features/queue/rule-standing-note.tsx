import { useEffect, useState } from 'react';
import type {
  PendingRequestView,
  RulePlacement,
  RuleStanding,
  RuleStandingWarning,
} from '../../../../common/queue-contract';
import type { PermissionUpdate } from '../../../../common/protocol';
import { codexAllowEffect } from '../../../../common/codex-allow';
import { useI18n } from '../../i18n/i18n-context';
import { engineText } from '../../ui/engine-words';
import { useQueue } from '../../store/store-context';
import { displayPath } from '../../ui/names';
import { EngineSentence } from '../../ui/engine-sentence';
import { useNavigation } from '../../ui/navigation';
import { AllowButton } from './allow-button';

/** The engine is asked this long after the last keystroke, so typing does not flood the console. */
const STANDING_DEBOUNCE_MS = 200;

/**
 * Whether the rule in a grant or Always-allow field would decide this request, asked of the console's
 * engine as the person types. Undefined while it is being asked (or the rule does not parse).
 */
export function useRuleStanding(
  request: PendingRequestView,
  rule: string,
  placement: RulePlacement,
  enabled: boolean,
): RuleStanding | undefined {
  const ruleStanding = useQueue((s) => s.ruleStanding);
  const [answer, setAnswer] = useState<{ key: string; standing: RuleStanding | undefined }>();
  const key = `${placement}\0${rule}`;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const timer = setTimeout(() => {
      void ruleStanding(request.id, rule, placement).then((standing) => {
        if (current) setAnswer({ key, standing });
      });
    }, STANDING_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [enabled, key, placement, request.id, rule, ruleStanding]);
  return enabled && answer?.key === key ? answer.standing : undefined;
}

type DirectoriesUpdate = Extract<PermissionUpdate, { directories: readonly string[] }>;

/**
 * The agent's own fix for a path outside the working directories: the folder it suggested adding for this
 * session, else the folder the engine found, as Claude Code's `/add-dir` would add it.
 */
function folderAnswer(
  request: PendingRequestView,
  folder: string | undefined,
): DirectoriesUpdate | undefined {
  const offered = request.suggestions?.find(
    (update): update is DirectoriesUpdate =>
      update.type === 'addDirectories' && update.destination === 'session',
  );
  if (offered) return offered;
  return folder === undefined
    ? undefined
    : { type: 'addDirectories', directories: [folder], destination: 'session' };
}

/**
 * What the engine said of the rule, in place of a bare "Valid": that it answers this request, or why it
 * would not (the rule and file that win first, the protected path, the parts it leaves out) and what would
 * work instead — a suggested rule as one click, Allow once, or the rule editor on the file that wins.
 */
export function RuleStandingNote({
  request,
  tool,
  standing,
  onUse,
  warningKinds,
}: {
  request: PendingRequestView;
  tool: string;
  standing: RuleStanding | undefined;
  onUse: (rule: string) => void;
  /** The rule editor's warnings worth saying here; a grant lives in no file, so it says only broadness. */
  warningKinds?: readonly RuleStandingWarning['kind'][];
}) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const requestAllow = useQueue((s) => s.requestAllow);
  if (!standing) {
    return (
      <p className="rule-check" aria-live="polite">
        {t('standing.checking')}
      </p>
    );
  }
  const shown = standing.warnings.filter((w) => !warningKinds || warningKinds.includes(w.kind));
  const warnings = shown.map((warning) => (
    <p key={warning.kind} className="rule-check rule-check--warn" data-warning={warning.kind}>
      <EngineSentence said={warning} cwd={request.cwd} />
    </p>
  ));
  if (standing.wins) {
    const codex = request.explanation?.codex;
    const effect = codex && codexAllowEffect(codex);
    return (
      <>
        {shown.length === 0 && (
          <p className="rule-check" aria-live="polite">
            {effect
              ? t(`standing.codex.${effect.kind}`, {
                  tool,
                  sandbox: effect.kind === 'leaves-sandbox' ? effect.sandbox : '',
                })
              : t('standing.wins', { tool })}
          </p>
        )}
        {warnings}
      </>
    );
  }
  const where = standing.by
    ? standing.by.file
      ? `${t(`source.${standing.by.source}`)} (${displayPath(standing.by.file, request.cwd)})`
      : t(`source.${standing.by.source}`)
    : '';
  const sentence = (() => {
    switch (standing.why) {
      case 'outranked':
        return t(standing.by?.behavior === 'deny' ? 'standing.deniedFirst' : 'standing.askedFirst', {
          rule: standing.by?.text ?? '',
          where,
        });
      case 'already-allowed':
        return t('standing.alreadyAllowed', { rule: standing.by?.text ?? '', where });
      case 'protected':
        return t('standing.protected', { path: displayPath(standing.detail ?? '', request.cwd) });
      case 'outside':
        return t('standing.outside', { path: standing.detail ?? '', folder: standing.folder ?? '' });
      case 'no-match':
        return standing.uncovered?.length
          ? t('standing.uncovered', { parts: standing.uncovered.join(' · ') })
          : t('standing.noMatch');
      default:
        return t('standing.refused', {
          detail:
            (standing.detailPhrase && engineText(standing.detailPhrase, locale)) ?? standing.detail ?? '',
        });
    }
  })();
  const onlyOnce =
    standing.why === 'outranked' ||
    standing.why === 'protected' ||
    standing.why === 'already-allowed' ||
    standing.why === 'outside';
  const addFolder = standing.why === 'outside' ? folderAnswer(request, standing.folder) : undefined;
  return (
    <div className="rule-standing" role="status">
      <p className="rule-check rule-check--error">{sentence}</p>
      {warnings}
      <div className="rule-standing__instead">
        {addFolder && (
          <AllowButton
            className="button button--small button--allow"
            onClick={() =>
              requestAllow(request.id, {
                kind: 'suggestion',
                update: addFolder,
                label: t('standing.addFolder', { folder: addFolder.directories.join(', ') }),
              })
            }
          >
            {t('standing.addFolder', { folder: addFolder.directories.join(', ') })}
          </AllowButton>
        )}
        {standing.instead.map((rule) => (
          <button key={rule} type="button" className="button button--small" onClick={() => onUse(rule)}>
            {t('rule.useFix', { rule })}
          </button>
        ))}
        {onlyOnce && (
          <AllowButton
            className="button button--small button--allow"
            onClick={() => requestAllow(request.id, { kind: 'once' })}
          >
            {t('standing.allowOnce')}
          </AllowButton>
        )}
        {standing.why === 'outranked' && navigation && (
          <button
            type="button"
            className="button button--small button--quiet"
            onClick={() => navigation.openRules(request.cwd)}
          >
            {t('standing.openRules')}
          </button>
        )}
      </div>
    </div>
  );
}
