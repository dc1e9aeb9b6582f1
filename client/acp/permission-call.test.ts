import { describe, expect, it } from 'vitest';
import type { PermissionDecision } from '../../common/protocol';
import type { RequestPermissionParams } from './acp-schemas';
import { outcomeFor, toPermissionCall, withdrawalFor } from './permission-call';

const options = [
  { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
  { optionId: 'once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];
const params: RequestPermissionParams = {
  sessionId: 'sess-1',
  toolCall: {
    toolCallId: 'tc-1',
    title: 'touch a.txt',
    kind: 'execute',
    rawInput: { command: 'touch a.txt' },
    content: [{ type: 'diff', path: '/p/a.txt', oldText: null, newText: 'x' }],
    locations: [{ path: '/p/a.txt', line: 3 }],
  },
  options,
};
const decision = (fields: Partial<PermissionDecision>): PermissionDecision => ({
  type: 'permission.decision',
  id: 'c1',
  behavior: 'allow',
  by: 'console',
  ...fields,
});

describe('toPermissionCall', () => {
  it('shows the title and ACP’s fields by their names, says it came through ACP, offers the agent’s options', () => {
    expect(toPermissionCall(params, { id: 'c1', cwd: '/p' })).toEqual({
      id: 'c1',
      sessionId: 'sess-1',
      cwd: '/p',
      tool: 'touch a.txt',
      input: {
        kind: 'execute',
        content: [{ type: 'diff', path: '/p/a.txt', oldText: null, newText: 'x' }],
        locations: [{ path: '/p/a.txt', line: 3 }],
        rawInput: { command: 'touch a.txt' },
      },
      provenance: { type: 'acp' },
      options,
    });
  });

  it('keeps a raw input’s own content field apart from ACP’s content', () => {
    const call = toPermissionCall(
      {
        ...params,
        toolCall: {
          toolCallId: 'w',
          kind: 'edit',
          rawInput: { file_path: '/p/a.txt', content: 'new text' },
          content: [{ type: 'diff', path: '/p/a.txt', oldText: null, newText: 'new text' }],
        },
      },
      { id: 'c5', cwd: '/p' },
    );
    expect(call.input.rawInput).toEqual({ file_path: '/p/a.txt', content: 'new text' });
    expect(call.input.content).toEqual([
      { type: 'diff', path: '/p/a.txt', oldText: null, newText: 'new text' },
    ]);
  });

  it('leaves an option of an unknown kind, or with an id too long to carry, off the card', () => {
    const call = toPermissionCall(
      {
        ...params,
        options: [
          { optionId: 'yolo', name: 'Sure', kind: '_allow_forever' },
          { optionId: 'x'.repeat(201), name: 'Long', kind: 'allow_once' },
          { optionId: 'no', name: '  ', kind: 'reject_once' },
        ],
      },
      { id: 'c3', cwd: '/p' },
    );
    expect(call.options).toEqual([{ optionId: 'no', name: 'no', kind: 'reject_once' }]);
    const none = toPermissionCall({ ...params, options: [] }, { id: 'c4', cwd: '/p' });
    expect(none).not.toHaveProperty('options');
  });

  it('shows a title written as Markdown code as plain text', () => {
    const titled = (title: string) =>
      toPermissionCall({ ...params, toolCall: { ...params.toolCall, title } }, { id: 'c6', cwd: '/p' }).tool;
    expect(titled('`npm test && rm -rf dist`')).toBe('npm test && rm -rf dist');
    expect(titled('Run `npm test` now')).toBe('Run `npm test` now');
    expect(titled('``')).toBe('``');
  });

  it('names the tool by its kind when it has no title, and keeps a raw input that is not an object', () => {
    const call = toPermissionCall(
      { ...params, toolCall: { toolCallId: 't', kind: 'fetch', rawInput: 'https://x' } },
      { id: 'c2', cwd: '/p' },
    );
    expect(call.tool).toBe('fetch');
    expect(call.input).toMatchObject({ rawInput: 'https://x', kind: 'fetch' });
  });
});

describe('outcomeFor', () => {
  it('sends exactly the option the console named, and nothing for one not offered for that answer', () => {
    expect(outcomeFor(decision({ optionId: 'always' }), options)).toEqual({
      outcome: 'selected',
      optionId: 'always',
    });
    expect(outcomeFor(decision({ behavior: 'deny', optionId: 'no' }), options)).toEqual({
      outcome: 'selected',
      optionId: 'no',
    });
    expect(outcomeFor(decision({ optionId: 'no' }), options)).toBeUndefined();
    expect(outcomeFor(decision({ optionId: 'elsewhere' }), options)).toBeUndefined();
    const custom = [{ optionId: 'yolo', name: 'Sure', kind: '_allow_forever' }];
    expect(outcomeFor(decision({ optionId: 'yolo' }), custom)).toBeUndefined();
  });

  it('allows once, or always when the person made a rule', () => {
    expect(outcomeFor(decision({}), options)).toEqual({ outcome: 'selected', optionId: 'once' });
    const rule = decision({
      updatedPermissions: [
        { type: 'addRules', rules: [{ toolName: 'x' }], behavior: 'allow', destination: 'session' },
      ],
    });
    expect(outcomeFor(rule, options)).toEqual({ outcome: 'selected', optionId: 'always' });
  });

  it('never allows an edited call: the agent would run the original, so the editor keeps the question', () => {
    expect(outcomeFor(decision({ updatedInput: { command: 'ls' } }), options)).toBeUndefined();
  });

  it('never turns an allow into an option the agent did not offer for it', () => {
    expect(outcomeFor(decision({}), [options[0]!, options[2]!])).toBeUndefined();
    const custom = [{ optionId: 'yolo', name: 'Sure', kind: '_allow_forever' }];
    expect(outcomeFor(decision({}), custom)).toBeUndefined();
  });

  it('rejects with reject_once, then reject_always, then a cancelled outcome', () => {
    expect(outcomeFor(decision({ behavior: 'deny' }), options)).toEqual({
      outcome: 'selected',
      optionId: 'no',
    });
    const always = [{ optionId: 'never', name: 'Never', kind: 'reject_always' }];
    expect(outcomeFor(decision({ behavior: 'deny' }), always)).toEqual({
      outcome: 'selected',
      optionId: 'never',
    });
    expect(outcomeFor(decision({ behavior: 'deny' }), [options[1]!])).toEqual({ outcome: 'cancelled' });
  });
});

describe('withdrawalFor', () => {
  const withCustom = [...options, { optionId: 'forever', name: 'Allow forever', kind: '_allow_forever' }];

  it('tells the console the option the editor chose, by its id', () => {
    expect(withdrawalFor({ outcome: 'selected', optionId: 'always' }, options)).toEqual({
      reason: 'answered-in-terminal',
      answer: { optionId: 'always' },
    });
    expect(withdrawalFor({ outcome: 'selected', optionId: 'no' }, options)).toEqual({
      reason: 'answered-in-terminal',
      answer: { optionId: 'no' },
    });
  });

  it('reads `cancelled` as the turn cancelled, the one reason ACP gives for it', () => {
    expect(withdrawalFor({ outcome: 'cancelled' }, options)).toEqual({
      reason: 'aborted',
      because: 'turn-cancelled',
    });
  });

  it('says nothing of what was chosen for an option the card left out, an unknown one, or an error', () => {
    const unread = { reason: 'answered-in-terminal' };
    expect(withdrawalFor({ outcome: 'selected', optionId: 'forever' }, withCustom)).toEqual(unread);
    expect(withdrawalFor({ outcome: 'selected', optionId: 'nowhere' }, options)).toEqual(unread);
    expect(withdrawalFor(undefined, options)).toEqual(unread);
  });
});
