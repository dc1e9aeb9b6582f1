import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClassifierOpinion } from '../../../../common/classifier-contract';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const base = pendingRequest('k');
const withOpinion = (classifier: ClassifierOpinion): PendingRequestView => ({
  ...base,
  agent: { name: 'nightly-bot' },
  explanation: { ...base.explanation!, classifier },
});

async function opinionOf(request: PendingRequestView, locale: 'en' | 'zh-CN' = 'en') {
  await renderApp([request], { locale });
  return document.querySelector('[data-classifier-hold]');
}

describe('the classifier’s opinion on a card', () => {
  it('says what the call looks like and which class the person did not enable', async () => {
    const line = await opinionOf(withOpinion({ hold: 'class-off', looks: 'read-only-commands', tookMs: 1 }));
    expect(line?.textContent).toBe('It looks read-only, but you did not enable read-only commands.');
  });

  it('gives the judge’s verdict with its confidence, and its own words beside it', async () => {
    await renderApp([
      withOpinion({
        hold: 'low-confidence',
        looks: 'project-edits',
        verdict: 'allow',
        confidence: 0.85,
        detail: 'It edits a file inside the working folders.',
        tookMs: 2,
      }),
    ]);
    expect(
      screen.getByText(
        'It looks like an edit inside the project, but below the confidence you chose. (confidence 0.85)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('It edits a file inside the working folders.')).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    const line = await opinionOf(
      withOpinion({ hold: 'timeout', looks: 'read-only-tools', tookMs: 300 }),
      'zh-CN',
    );
    expect(line?.textContent).toBe('它看起来是在项目内读取，但判定者没有按时回答。');
  });
});
