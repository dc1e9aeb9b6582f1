import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spliceJson } from '../../files/json-splice';
import { installHooks, uninstallHooks } from './merge-hooks';

describe('splicing the hooks into a settings file', () => {
  it('round-trips install and uninstall on any settings file byte for byte', () => {
    const handler = fc.record({ type: fc.constant('command'), command: fc.string({ maxLength: 8 }) });
    const groups = fc.array(
      fc.record({ matcher: fc.constantFrom('*', 'Bash'), hooks: fc.array(handler, { maxLength: 2 }) }),
      { minLength: 1, maxLength: 2 },
    );
    // Never empty: uninstall cannot tell an empty list someone wrote from one it emptied, and drops both.
    const events = fc.dictionary(
      fc.constantFrom('PermissionRequest', 'PreToolUse', 'Stop', 'Notification'),
      groups,
    );
    const settings = fc.record(
      {
        model: fc.string({ maxLength: 5 }),
        env: fc.dictionary(fc.string({ maxLength: 3 }), fc.string()),
        hooks: events.filter((hooks) => Object.keys(hooks).length > 0),
      },
      { requiredKeys: [] },
    );
    const launcher = { node: '/usr/bin/node', cli: '/opt/gatehouse/out/cli/gatehouse.mjs' };
    fc.assert(
      fc.property(settings, fc.constantFrom('  ', '\t', '    '), (value, indent) => {
        const text = `${JSON.stringify(value, null, indent)}\n`;
        const installed = installHooks(value, launcher).settings;
        const withHooks = spliceJson(text, value, installed, indent);
        expect(withHooks).toBeDefined();
        expect(JSON.parse(withHooks!)).toEqual(installed);
        const removed = uninstallHooks(installed).settings;
        const back = spliceJson(withHooks!, installed, removed, indent);
        expect(back).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
