import { Fragment } from 'react';
import type { Explanation, PendingRequestView, RuleRefView } from '../../../../common/queue-contract';
import type { PermissionUpdate } from '../../../../common/protocol';
import { acpCallOf } from '../../../../common/acp-call';
import { answersFor } from '../../../../common/agent-answers';
import { agentLabel } from '../../../../common/agent-label';
import { withMarks } from '../../../../common/hidden-code-points';
import { summarizeRequest } from '../../../../common/request-summary';
import { formatRule } from '../../../../engine';
import type { Translate } from '../../i18n/translate';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { displayPath } from '../../ui/names';
import { useDateFormat } from '../../ui/use-date-format';
import { EngineSentence, type EngineSaid } from '../../ui/engine-sentence';
import { VisibleText } from '../../ui/visible-text';
import { AllowButton } from './allow-button';
import { ClassifierOpinionRow } from './classifier-opinion';
import { CodexWhyRows } from './codex-why';
import { CopilotWhyRows } from './copilot-why';
import { WhyRow } from './why-row';

/** How much of the call a card's "Why it asked" region names: enough to tell it from its neighbours. */
const REGION_CALL_LIMIT = 60;

/** A rule as a person reads it: its text, then where it is written. */
function RuleRef({ rule, cwd }: { rule: RuleRefView; cwd: string }) {
  const t = useT();
  return (
    <span className="rule-ref">
      <code className="rule-ref__text">
        <VisibleText text={rule.text} />
      </code>
      <span className="rule-ref__where">
        {t(`source.${rule.source}`)}
        {rule.file && (
          <>
            {' · '}
            <span className="rule-ref__file" title={rule.file}>
              <VisibleText text={displayPath(rule.file, cwd)} />
            </span>
          </>
        )}
      </span>
    </span>
  );
}

/** The agent's own fixes a person can take as an answer: a directory to add, a mode to switch to. */
function isAnswer(update: PermissionUpdate): boolean {
  return update.type === 'addDirectories' || update.type === 'setMode';
}

function suggestionLabel(update: PermissionUpdate, t: Translate): string {
  const scope = t(`why.destination.${update.destination}`);
  return 'mode' in update
    ? t('why.answer.mode', { mode: update.mode, scope })
    : t('why.answer.directories', {
        directories: 'directories' in update ? update.directories.join(', ') : '',
        scope,
      });
}

function describeSuggestion(update: PermissionUpdate, t: Translate): string | undefined {
  // Directories and modes are offered as answers, allow rules as rules to save below; the rest are said.
  if (isAnswer(update) || (update.type === 'addRules' && update.behavior === 'allow')) return undefined;
  if ('mode' in update) return t('why.suggest.mode', { mode: update.mode });
  if ('directories' in update) {
    return t('why.suggest.directories', { directories: update.directories.join(', ') });
  }
  return t('why.suggest.rules', {
    behavior: update.behavior,
    rules: update.rules.map((rule) => formatRule(rule)).join(', '),
  });
}

/** The engine's own sentence; for "no rule matched" the headline already says that much, so only why. */
function detailOf(reason: Explanation['reason']): EngineSaid {
  const why = reason.phrase?.code === 'decide.noRule' ? reason.phrase.params.why : undefined;
  return why && 'phrase' in why ? { message: reason.message, phrase: why.phrase } : reason;
}

/**
 * The console's engine allows this call, so an allow rule is no reason for asking: the card says the two
 * checks differ, and what could explain it, the rule's age against the session's first among them.
 */
function AllowedAnyway({
  request,
  reason,
  times,
}: {
  request: PendingRequestView;
  reason: Explanation['reason'];
  times: NonNullable<Explanation['allowedAnyway']>;
}) {
  const t = useT();
  const format = useDateFormat();
  const agent = agentLabel(request.agent.name);
  const { ruleWrittenAt: written, sessionStartedAt: started } = times;
  const byRule = reason.type === 'rule' && reason.rule !== undefined;
  return (
    <div className="why__allowed">
      <span className="why__headline">
        {t(byRule ? 'why.allowedAnyway.rules' : 'why.allowedAnyway.settings', { agent })}
      </span>
      <span className="why__detail">
        {byRule && reason.rule ? (
          <>
            {t('why.allowedAnyway.by')} <RuleRef rule={reason.rule} cwd={request.cwd} />
          </>
        ) : (
          <EngineSentence said={reason} cwd={request.cwd} />
        )}
      </span>
      <span className="why__detail">{t('why.allowedAnyway.maybe')}</span>
      <ul className="why__causes">
        {byRule && (
          <li>
            {written !== undefined && started !== undefined && written > started
              ? t('why.allowedAnyway.newer', { written: format.time(written), started: format.time(started) })
              : written !== undefined && started !== undefined
                ? t('why.allowedAnyway.older', {
                    written: format.time(written),
                    started: format.time(started),
                  })
                : t('why.allowedAnyway.newerUnknown')}
          </li>
        )}
        <li>{t('why.allowedAnyway.mode', { mode: request.mode })}</li>
        <li>{t('why.allowedAnyway.hook')}</li>
      </ul>
    </div>
  );
}

/** The console's engine on the agent's own settings: the deciding rule, or the engine's sentence; the mode. */
function EngineReason({
  request,
  reason,
  needsYou,
  allowedAnyway,
}: {
  request: PendingRequestView;
  reason: Explanation['reason'];
  /** The subcommands no rule allows and that do more than read, named when no rule decided the command. */
  needsYou: readonly string[];
  allowedAnyway: Explanation['allowedAnyway'];
}) {
  const t = useT();
  return (
    <>
      <WhyRow term={t('why.title')}>
        {allowedAnyway ? (
          <AllowedAnyway request={request} reason={reason} times={allowedAnyway} />
        ) : reason.type === 'rule' && reason.rule ? (
          <span className="why__headline">
            {t(`why.behavior.${reason.rule.behavior}`)} <RuleRef rule={reason.rule} cwd={request.cwd} />
          </span>
        ) : (
          <>
            {reason.type === 'default' && <span className="why__headline">{t('why.noRule')}</span>}
            <span className="why__detail">
              {reason.type === 'default' && needsYou.length > 0 ? (
                <VisibleText text={t('why.needsYou', { parts: needsYou.join(' · ') })} />
              ) : (
                <EngineSentence said={detailOf(reason)} cwd={request.cwd} />
              )}
            </span>
          </>
        )}
      </WhyRow>
      <WhyRow term={t('why.mode')}>
        {request.mode === 'auto' ? t('why.autoMode') : <code>{request.mode}</code>}
      </WhyRow>
    </>
  );
}

/**
 * Why an ACP agent asked: it asked its editor, and ACP carries no rule or mode to show. What is left to
 * say is which agent, the call's ACP kind, and where its risk label comes from, or that it cannot be told.
 */
function AcpReason({ request, explanation }: { request: PendingRequestView; explanation: Explanation }) {
  const t = useT();
  const call = acpCallOf(request);
  const basis =
    explanation.risk === 'unknown'
      ? 'unknown'
      : call?.command !== undefined
        ? 'command'
        : call?.diffs.length
          ? 'diff'
          : call?.kind === 'execute'
            ? 'title'
            : 'kind';
  return (
    <>
      <WhyRow term={t('why.title')}>
        <span className="why__headline">{t('why.acp.asked', { agent: agentLabel(request.agent.name) })}</span>
      </WhyRow>
      <WhyRow term={t('why.acp.kind')}>{call?.kind ? <code>{call.kind}</code> : t('why.acp.noKind')}</WhyRow>
      <WhyRow term={t('why.acp.risk')} className="why__detail">
        {t(`why.acp.risk.${basis}`)}
      </WhyRow>
    </>
  );
}

/**
 * Why OpenCode asked: its own permission check, by the rule of its `permission` config the plugin found
 * (docs/opencode.md); the patterns and what its "Always" would allow are in what the agent says.
 */
function OpenCodeReason({ request }: { request: PendingRequestView }) {
  const t = useT();
  const rule = request.provenance?.rule;
  return (
    <>
      <WhyRow term={t('why.title')}>
        <span className="why__headline">{t('why.opencode.asked')}</span>
      </WhyRow>
      {rule && (
        <WhyRow term={t('why.opencode.rule')}>
          <code>
            <VisibleText text={rule} />
          </code>
        </WhyRow>
      )}
    </>
  );
}

type Outranked = NonNullable<Explanation['suggestionsOutranked']>[number];

/**
 * The suggested rules that could not answer this request wherever they were saved, and what wins first:
 * one sentence when the same rule or protected path stops them all, else one for each.
 */
function SuggestionsOutranked({
  request,
  explanation,
}: {
  request: PendingRequestView;
  explanation: Explanation;
}) {
  const t = useT();
  const outranked = explanation.suggestionsOutranked ?? [];
  if (outranked.length === 0) return null;
  const sentence = (entry: Outranked, one: boolean) => {
    const by = entry.by;
    const where = by
      ? by.file
        ? `${t(`source.${by.source}`)} (${displayPath(by.file, request.cwd)})`
        : t(`source.${by.source}`)
      : '';
    const params = {
      suggestion: entry.rule,
      rule: by?.text ?? '',
      where,
      path: displayPath(entry.path ?? '', request.cwd),
    };
    if (entry.why === 'protected')
      return t(one ? 'why.suggestedOneProtected' : 'why.suggestedProtected', params);
    if (by?.behavior === 'deny')
      return t(one ? 'why.suggestedOneDeniedFirst' : 'why.suggestedDeniedFirst', params);
    return t(one ? 'why.suggestedOneAskedFirst' : 'why.suggestedAskedFirst', params);
  };
  const first = outranked[0]!;
  const sameForAll =
    outranked.length === explanation.suggestedRules.length &&
    outranked.every(
      (entry) => entry.why === first.why && entry.by?.text === first.by?.text && entry.path === first.path,
    );
  return (
    <div className="why__outranked">
      {sameForAll ? (
        <p className="rule-check rule-check--error">{sentence(first, outranked.length === 1)}</p>
      ) : (
        outranked.map((entry) => (
          <p key={entry.rule} className="rule-check rule-check--error">
            {sentence(entry, true)}
          </p>
        ))
      )}
    </div>
  );
}

/** Named after its call, so each card's region is told apart from the others' in a queue of several. */
function regionName(request: PendingRequestView, t: Translate): string {
  const { line } = summarizeRequest(request.tool, request.input, REGION_CALL_LIMIT, request.provenance, {
    keepHidden: true,
  });
  return t('why.region', { tool: request.tool, call: withMarks(line.text) });
}

/** Why the agent asked: the deciding rule and its file, the mode, protected paths, near misses, suggestions. */
export function WhyAsked({ request }: { request: PendingRequestView }) {
  const t = useT();
  const openPanel = useQueue((s) => s.openPanel);
  const requestAllow = useQueue((s) => s.requestAllow);
  const busy = useQueue((s) => Boolean(s.inFlight[request.id]));
  const explanation = request.explanation;
  const answers = answersFor(request).always
    ? (request.suggestions ?? [])
        .filter(isAnswer)
        .map((update) => ({ update, label: suggestionLabel(update, t) }))
    : [];
  const agentSaid = request.provenance?.message;
  const otherSuggestions = (request.suggestions ?? [])
    .map((update) => describeSuggestion(update, t))
    .filter((text): text is string => text !== undefined);

  if (!explanation) {
    return (
      <section className="why" aria-label={regionName(request, t)}>
        <p className="why__line">{t('why.unknown')}</p>
        {agentSaid && (
          <dl className="why__list">
            <WhyRow term={t('why.agentSays')}>
              <VisibleText text={agentSaid} multiline />
            </WhyRow>
          </dl>
        )}
      </section>
    );
  }
  const { reason } = explanation;
  // Of a compound command, the parts no rule allows and that do more than read: those are what it asks about.
  const needsYou = (explanation.subcommands ?? [])
    .filter((sub) => !sub.allowedBy && !sub.readOnly)
    .map((sub) => sub.text);
  return (
    <section className="why" aria-label={regionName(request, t)}>
      <dl className="why__list">
        {explanation.codex ? (
          // Codex decides by its own policy, sandbox and rules: the engine's reading of other settings is moot.
          <CodexWhyRows request={request} codex={explanation.codex} />
        ) : explanation.copilot ? (
          // Copilot decides by its own kinds and saved approvals, as Codex does by its policy.
          <CopilotWhyRows request={request} copilot={explanation.copilot} />
        ) : request.agent.name === 'opencode' ? (
          <OpenCodeReason request={request} />
        ) : reason.type === 'acp' ? (
          <AcpReason request={request} explanation={explanation} />
        ) : (
          <EngineReason
            request={request}
            reason={reason}
            needsYou={needsYou}
            allowedAnyway={explanation.allowedAnyway}
          />
        )}
        {explanation.classifier && <ClassifierOpinionRow opinion={explanation.classifier} />}
        {!explanation.codex && !explanation.copilot && explanation.nearMisses.length > 0 && (
          <WhyRow term={t('why.nearMisses')}>
            <details className="why__misses">
              <summary>{t('why.nearMissCount', { count: explanation.nearMisses.length })}</summary>
              <ul className="why__rules">
                {explanation.nearMisses.map((rule, i) => (
                  <li key={i}>
                    <span className={`why__behavior why__behavior--${rule.behavior}`}>
                      {t(`why.behavior.${rule.behavior}`)}
                    </span>{' '}
                    <RuleRef rule={rule} cwd={request.cwd} />
                  </li>
                ))}
              </ul>
            </details>
          </WhyRow>
        )}
        {explanation.outsidePath && (
          <WhyRow term={t('why.outsidePath')}>
            <code className="why__danger">
              <VisibleText text={explanation.outsidePath} />
            </code>
            {explanation.workingDirectories && (
              <span className="why__detail">
                {' '}
                <VisibleText
                  text={t('why.workingDirectories', {
                    directories: explanation.workingDirectories.join(', '),
                  })}
                />
              </span>
            )}
          </WhyRow>
        )}
        {answers.length > 0 && (
          <WhyRow term={t('why.agentFixes')} className="why__suggestions">
            {answers.map(({ update, label }) => (
              <AllowButton
                key={label}
                className="chip chip--button"
                disabled={busy}
                onClick={() => requestAllow(request.id, { kind: 'suggestion', update, label })}
              >
                {label}
              </AllowButton>
            ))}
          </WhyRow>
        )}
        {explanation.protectedPath && (
          <WhyRow term={t('why.protectedPath')}>
            <code className="why__danger">
              <VisibleText text={explanation.protectedPath} />
            </code>
          </WhyRow>
        )}
        {agentSaid && (
          <WhyRow term={t('why.agentSays')}>
            <VisibleText text={agentSaid} multiline />
          </WhyRow>
        )}
        {otherSuggestions.length > 0 && (
          <WhyRow term={t('why.agentSuggests')}>{otherSuggestions.join('; ')}</WhyRow>
        )}
        {explanation.suggestedRules.length > 0 && answersFor(request).always && (
          <WhyRow term={t('why.suggested')} className="why__suggestions">
            {explanation.suggestedRules.map((rule) => (
              <button
                key={rule}
                type="button"
                className="chip chip--button"
                aria-label={withMarks(rule)}
                title={t('why.suggestedUse', { rule: withMarks(rule) })}
                onClick={() => openPanel(request.id, { kind: 'always', rule })}
              >
                <VisibleText text={rule} />
              </button>
            ))}
            <SuggestionsOutranked request={request} explanation={explanation} />
          </WhyRow>
        )}
        {explanation.warnings && explanation.warnings.length > 0 && (
          <WhyRow term={t('why.warnings')} className="why__detail">
            {explanation.warnings.map((warning, i) => (
              <Fragment key={i}>
                {i > 0 && ' '}
                <EngineSentence said={warning} cwd={request.cwd} />
              </Fragment>
            ))}
          </WhyRow>
        )}
      </dl>
    </section>
  );
}
