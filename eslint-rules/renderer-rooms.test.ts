import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './renderer-rooms.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (rel: string) => path.join(process.cwd(), 'renderer/src', rel);
const importing = (file: string, spec: string) => ({ filename: at(file), code: `import x from '${spec}';` });

tester.run('renderer-rooms', rule, {
  valid: [
    importing('app/app.tsx', '../features/queue/queue-view'),
    importing('features/queue/card-panel.tsx', './always-allow-panel'),
    importing('features/queue/request-card.tsx', '../../tool-call/tool-input'),
    importing('features/history/history-card.tsx', '../../tool-call/tool-input'),
    importing('features/rules/rule-form.tsx', '../../ui/rule-check'),
    importing('tool-call/edit-diff.tsx', '../store/store-context'),
    importing('store/queue-store.ts', './session-groups'),
    importing('store/queue-store.ts', '../ui/tool-family'),
    importing('ui/rule-field.tsx', '../i18n/i18n-context'),
    importing('features/history/history-view.test.tsx', '../../app/app'),
  ],
  invalid: [
    // The cycle the queue card had: its always-allow panel lived in the rules feature, which imported back.
    {
      ...importing('features/queue/card-panel.tsx', '../rules/rule-editor'),
      errors: [{ message: /features\/queue may not import features\/rules/ }],
    },
    { ...importing('features/rules/rules-view.tsx', '../grants/grants-panel'), errors: 1 },
    // The store read the queue feature's logic.
    {
      ...importing('store/queue-store.ts', '../features/queue/allow-gate'),
      errors: [{ message: /store may not import features\/queue/ }],
    },
    // The diff and the queue imported each other.
    { ...importing('tool-call/edit-diff.tsx', '../features/queue/session-groups'), errors: 1 },
    { ...importing('ui/names.ts', '../store/session-groups'), errors: 1 },
    { ...importing('features/queue/always-allow-panel.tsx', '../../app/navigation'), errors: 1 },
    { ...importing('tool-call/tool-input.tsx', '../transport/web-transport'), errors: 1 },
  ],
});
