import { useId, useState } from 'react';
import type { PastQuestionView, ProposalView } from '../../../../common/proposals-contract';
import { PROPOSAL_THRESHOLDS } from '../../../../common/proposals-contract';
import { useT } from '../../i18n/i18n-context';
import { useProposals } from '../../store/use-proposals';
import { displayPath, folderName } from '../../ui/names';
import { useNavigation } from '../../ui/navigation';
import { useRefusalText } from '../../ui/refusal-text';
import { useDateFormat } from '../../ui/use-date-format';
import { VisibleText } from '../../ui/visible-text';
import './suggestions.css';

/**
 * Rules proposed from history, out of the queue's way: each with where it would be saved, what it would
 * have answered and every past request it would also allow (a deny first, in red), to apply, edit or dismiss.
 */
export function SuggestionsView() {
  const t = useT();
  const refused = useRefusalText();
  const { state, error, run, api } = useProposals();
  const [applied, setApplied] = useState<ProposalView>();
  if (!state) return null;

  const apply = async (proposal: ProposalView) => {
    setApplied(undefined);
    const ref = { cwd: proposal.cwd, rule: proposal.rule };
    if (await run(() => api.invoke('proposals:apply', ref))) setApplied(proposal);
  };
  const dismiss = (proposal: ProposalView) => {
    setApplied(undefined);
    void run(() => api.invoke('proposals:dismiss', { cwd: proposal.cwd, rule: proposal.rule }));
  };

  return (
    <main className="view suggestions">
      <h2 className="view__title">{t('suggestions.title')}</h2>
      <p className="suggestions__intro">
        {t('suggestions.intro', {
          allows: PROPOSAL_THRESHOLDS.allows,
          days: PROPOSAL_THRESHOLDS.days,
          sessions: PROPOSAL_THRESHOLDS.grantSessions,
        })}
      </p>
      {error && (
        <p className="suggestions__error" role="alert">
          {refused(error)}
        </p>
      )}
      {applied && (
        <p className="suggestions__done" role="status">
          {t('suggestions.applied', { rule: applied.rule, file: applied.file })}
        </p>
      )}
      {!state.available ? (
        <p className="suggestions__empty">{t('suggestions.noHistory')}</p>
      ) : !state.enabled ? (
        <p className="suggestions__empty">{t('suggestions.off')}</p>
      ) : state.proposals.length === 0 ? (
        <p className="suggestions__empty">{t('suggestions.none')}</p>
      ) : (
        <ul className="suggestions__list">
          {state.proposals.map((proposal) => (
            <li key={`${proposal.cwd}\0${proposal.rule}`}>
              <ProposalCard
                proposal={proposal}
                onApply={() => void apply(proposal)}
                onDismiss={() => dismiss(proposal)}
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function ProposalCard(props: { proposal: ProposalView; onApply: () => void; onDismiss: () => void }) {
  const t = useT();
  const navigation = useNavigation();
  const { proposal } = props;
  const titleId = useId();
  const days = PROPOSAL_THRESHOLDS.days;
  return (
    <article className="suggestion" aria-labelledby={titleId}>
      <h3
        id={titleId}
        className="suggestion__rule"
        aria-label={t('suggestions.label', { rule: proposal.rule })}
      >
        <code>
          <VisibleText text={proposal.rule} />
        </code>
      </h3>
      <p className="suggestion__where">
        <span className="suggestion__folder" title={proposal.cwd}>
          {t('suggestions.folder', { folder: folderName(proposal.cwd) })}
        </span>{' '}
        {t('suggestions.savedIn', { file: proposal.file })}
      </p>
      <p className="suggestion__why">
        {proposal.kind === 'grants'
          ? t('suggestions.why.grants', { count: proposal.grantSessions, days })
          : t('suggestions.why.allows', { count: proposal.allows, days })}{' '}
        {t('suggestions.answered', { answered: proposal.answered, examined: proposal.examined })}
      </p>
      <div className="suggestion__actions">
        <button type="button" className="button button--small button--allow" onClick={props.onApply}>
          {t('suggestions.apply')}
        </button>
        {navigation && (
          <button
            type="button"
            className="button button--small"
            onClick={() => navigation.openRules(proposal.cwd, { rule: proposal.rule })}
          >
            {t('suggestions.edit')}
          </button>
        )}
        <button type="button" className="button button--small button--quiet" onClick={props.onDismiss}>
          {t('suggestions.dismiss')}
        </button>
      </div>
      <PastList questions={proposal.alsoAllows} cwd={proposal.cwd} />
    </article>
  );
}

function PastList(props: { questions: readonly PastQuestionView[]; cwd: string }) {
  const t = useT();
  const format = useDateFormat();
  const headingId = useId();
  return (
    <section className="suggestion__past" aria-labelledby={headingId}>
      <h4 id={headingId} className="suggestion__past-title">
        {t('suggestions.alsoAllows', { count: props.questions.length })}
      </h4>
      {/* It scrolls when long, so the keyboard can reach it too. */}
      <ul className="suggestion__past-list" tabIndex={0} aria-labelledby={headingId}>
        {props.questions.map((question) => (
          <li
            key={question.id}
            className={`suggestion__past-row${question.outcome === 'deny' ? ' suggestion__past-row--deny' : ''}`}
          >
            <span className="suggestion__outcome">{t(`suggestions.outcome.${question.outcome}`)}</span>
            <code className="suggestion__call">
              {question.tool}: <VisibleText text={displayPath(question.line, props.cwd)} />
            </code>
            <time className="suggestion__time" dateTime={new Date(question.receivedAt).toISOString()}>
              {format.dateTime(question.receivedAt)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
