import { useId, useState } from 'react';
import { typedFieldOf, toolInputFromText } from '../../../../common/tool-call-text';
import { knownToolNames, pipelineSteps, type PipelineStep } from '../../../../engine';
import { useT } from '../../i18n/i18n-context';
import { useRefusalText } from '../../ui/refusal-text';
import { behaviorLabel } from './rule-labels';
import { sourceLabel } from '../../ui/source-label';
import { useRules } from './rules-context';
import { EngineSentence } from '../../ui/engine-sentence';
import { VisibleText } from '../../ui/visible-text';

/** A tool call typed by hand, decided for the chosen folder by the engine `gatehouse check` runs. */
export function Playground() {
  const t = useT();
  const refused = useRefusalText();
  const check = useRules((s) => s.check);
  const [tool, setTool] = useState('Bash');
  const [text, setText] = useState('');
  const toolId = useId();
  const toolsId = useId();
  const inputId = useId();
  const input = text.trim() === '' ? undefined : toolInputFromText(tool, text);

  return (
    <section className="rules-section playground" aria-labelledby="rules-playground">
      <h3 className="rules-section__title" id="rules-playground">
        {t('rules.playground')}
      </h3>
      <form
        className="playground__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (input?.ok) void check(tool, input.input);
        }}
      >
        <label className="field playground__tool" htmlFor={toolId}>
          <span className="field__label">{t('rules.playground.tool')}</span>
          <input
            id={toolId}
            className="input input--mono"
            list={toolsId}
            value={tool}
            spellCheck={false}
            onChange={(event) => setTool(event.target.value)}
          />
          <datalist id={toolsId}>
            {knownToolNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </label>
        <label className="field playground__input" htmlFor={inputId}>
          <span className="field__label">{t('rules.playground.input')}</span>
          <input
            id={inputId}
            className="input input--mono"
            value={text}
            spellCheck={false}
            placeholder={typedFieldOf(tool) === 'command' ? 'git status' : '{"key": "value"}'}
            aria-invalid={input !== undefined && !input.ok}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button
          type="submit"
          className="button playground__check"
          disabled={!input?.ok || tool.trim() === ''}
        >
          {t('rules.playground.check')}
        </button>
      </form>
      {input && !input.ok ? (
        <p className="rule-check rule-check--error">{refused(input.error)}</p>
      ) : (
        <p className="rules-hint">{t('rules.playground.inputHint')}</p>
      )}
      <PlaygroundAnswer />
    </section>
  );
}

const isStep = (step: string): step is PipelineStep => (pipelineSteps as readonly string[]).includes(step);

function PlaygroundAnswer() {
  const t = useT();
  const refused = useRefusalText();
  const playground = useRules((s) => s.playground);
  const cwd = useRules((s) => s.cwd);
  if (playground.status === 'idle') return null;
  if (playground.status === 'checking') return <p className="rules-hint">{t('rules.playground.checking')}</p>;
  if (playground.status === 'failed')
    return (
      <p className="rule-check rule-check--error" role="alert">
        {refused(playground.error)}
      </p>
    );
  const { result } = playground;
  const rule = result.reason.rule;
  return (
    <div className="playground__answer" aria-live="polite" aria-label={t('rules.playground.decision')}>
      <p className="playground__decision">
        <span className={`rule-behavior rule-behavior--${result.behavior}`}>
          {behaviorLabel(t, result.behavior)}
        </span>
        {isStep(result.step) && (
          <span className="playground__step">{t(`rules.playground.step.${result.step}`)}</span>
        )}
      </p>
      <p className="playground__message">
        <EngineSentence said={result.reason} cwd={cwd} />
      </p>
      {rule && (
        <p className="playground__rule">
          {t('rules.playground.by', { rule: rule.text })}
          <span className="playground__where" title={rule.file}>
            {t('rules.playground.where', {
              source: sourceLabel(t, rule.source),
              file: rule.file ?? '—',
              index: rule.index ?? 0,
            })}
          </span>
        </p>
      )}
      {result.nearMisses.length > 0 && (
        <>
          <p className="field__label">{t('rules.playground.nearMisses')}</p>
          <ul className="playground__misses">
            {result.nearMisses.map((miss, i) => (
              <li key={i}>
                <code>
                  <VisibleText text={miss.text} />
                </code>{' '}
                <span className="rules-hint">
                  {behaviorLabel(t, miss.behavior)} · {sourceLabel(t, miss.source)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
