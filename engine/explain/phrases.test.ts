/**
 * The engine's sentences, once each: every site's `message` is what its phrase says in English, and the
 * English is word for word what the engine said before the sentences had codes (the other engine tests
 * that assert messages are the rest of that proof).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../node/bash-wasm';
import { CWD, contextWith, type RuleLists } from '../testing/build';
import { checkPermission } from '../pipeline/check';
import { decide } from '../pipeline/decide';
import { analyzeRules } from '../review/warnings/index';
import { checkRule } from '../review/validate';
import { parseSettingsText } from '../context/settings';
import { unreadableSettings } from '../node/settings-loader';
import { createHeuristicClassifier } from '../classifier/heuristic';
import type { ContextOptions } from '../context/context';
import type { BashSupport } from '../tools/bash-tool';
import type { ToolCall } from '../tools/types';
import { englishPhrases, phrase, phraseText, templateParts, type Phrase, type PhraseCode } from './phrases';

let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

const PROJECT = `project settings (${CWD}/.claude/settings.json)`;
const call = (toolName: string, input: Record<string, unknown>): ToolCall => ({ toolName, input });
const sh = (command: string) => call('Bash', { command });

interface Row {
  readonly rules?: RuleLists;
  readonly options?: Partial<ContextOptions>;
  readonly call: ToolCall;
  readonly flags?: { readonly requiresUserInteraction?: boolean };
  readonly message: string;
}

/** One row per sentence the pipeline and the tools say, with the words they said before. */
const rows: Row[] = [
  {
    rules: { deny: ['WebFetch'] },
    call: call('WebFetch', { url: 'https://a.com' }),
    message: `The deny rule WebFetch from ${PROJECT} denies WebFetch entirely.`,
  },
  {
    rules: { ask: ['Bash'] },
    call: sh('ls'),
    message: `The ask rule Bash from ${PROJECT} asks before every Bash call.`,
  },
  {
    rules: { allow: ['WebFetch'] },
    call: call('WebFetch', { url: 'https://a.com' }),
    message: `The allow rule WebFetch from ${PROJECT} allows every WebFetch call.`,
  },
  {
    call: call('AskUserQuestion', { questions: [] }),
    message: "AskUserQuestion needs the user's own answer, so it always asks.",
  },
  {
    options: { mode: 'bypassPermissions' },
    call: sh('make'),
    message: 'bypassPermissions mode allows every call that no deny, ask rule or safety check stops.',
  },
  {
    options: { mode: 'acceptEdits' },
    call: call('Edit', { file_path: `${CWD}/a.ts`, old_string: 'a', new_string: 'b' }),
    message: `acceptEdits mode allows this: edit edits ${CWD}/a.ts, inside the working folders.`,
  },
  {
    call: sh('npm run lint -- --fix'),
    message: 'No rule matched: `npm run lint -- --fix` is not read-only, and no rule allows all of it.',
  },
  {
    options: { mode: 'dontAsk' },
    call: sh('make'),
    message:
      'dontAsk mode denies whatever would ask (no rule matched: `make` is not read-only, and no rule allows all of it).',
  },
  {
    call: call('Bash', {}),
    message: 'Bash was called without a "command".',
  },
  {
    rules: { deny: ['Bash(rm *)'] },
    call: sh('ls && rm -rf build'),
    message: `The deny rule Bash(rm *) from ${PROJECT} matches \`ls && rm -rf build\`.`,
  },
  {
    rules: { deny: ['Read(./.env)'] },
    call: sh('cat .env'),
    message: `The file .env that cat reads: the deny rule Read(./.env) from ${PROJECT} forbids reading ${CWD}/.env.`,
  },
  {
    rules: { ask: ['Edit(./out.txt)'] },
    call: sh('echo x > out.txt'),
    message: `The redirect to out.txt: the ask rule Edit(./out.txt) from ${PROJECT} asks before editing ${CWD}/out.txt.`,
  },
  {
    call: sh('rm -rf ~'),
    message: '`rm -rf ~` removes ~, which cannot be undone; a person must approve, whatever the mode.',
  },
  {
    call: sh('cat /etc/hosts'),
    message: `The path /etc/hosts that cat reads is outside the working directories for this session (${CWD}).`,
  },
  {
    call: sh('sort < /etc/hosts'),
    message: `The path /etc/hosts that the input redirect reads is outside the working directories for this session (${CWD}).`,
  },
  {
    call: sh('git status && ls'),
    message: '`git status && ls` is read-only, which needs no approval.',
  },
  {
    rules: { allow: ['Bash(make *)'] },
    call: sh('make test'),
    message: `The allow rule Bash(make *) from ${PROJECT} allows \`make test\`.`,
  },
  {
    rules: { allow: ['Bash(make *)', 'Bash(npm test)'] },
    call: sh('make && npm test'),
    message: 'Every part of `make && npm test` is allowed, by Bash(make *), Bash(npm test).',
  },
  {
    rules: { ask: ['Bash(echo *)'] },
    call: sh('echo "unterminated'),
    message: `The ask rule Bash(echo *) from ${PROJECT} matches the command.`,
  },
  {
    call: call('Read', {}),
    message: 'Read was called without a "file_path", so its target is unknown.',
  },
  {
    rules: { allow: ['Read(//etc/**)'] },
    call: call('Read', { file_path: '/etc/hosts' }),
    message: `The allow rule Read(//etc/**) from ${PROJECT} allows reading /etc/hosts.`,
  },
  {
    call: call('Edit', { file_path: `${CWD}/.claude/settings.json`, old_string: 'a', new_string: 'b' }),
    message: `The path ${CWD}/.claude/settings.json is protected (.claude/): changing it can run code or change the rules, so a person must approve, whatever the mode.`,
  },
  {
    call: call('Read', { file_path: `${CWD}/src/a.ts` }),
    message: `Read reads ${CWD}/src/a.ts, inside the working folders, which needs no approval.`,
  },
  {
    call: call('Write', { file_path: '/tmp/x', content: '' }),
    message: `The path /tmp/x that Write edits is outside the working directories for this session (${CWD}).`,
  },
  {
    call: call('WebFetch', { url: 'not a url' }),
    message: 'WebFetch was given "not a url", which is not a URL with a host.',
  },
  {
    rules: { ask: ['WebFetch(domain:a.com)'] },
    call: call('WebFetch', { url: 'https://a.com/x' }),
    message: `The ask rule WebFetch(domain:a.com) from ${PROJECT} asks before WebFetch on a.com.`,
  },
  {
    call: call('mcp__github__create_issue', { title: 'x' }),
    message:
      'No rule matched: no content rule covers mcp__github__create_issue on mcp__github__create_issue.',
  },
];

describe('the engine says each sentence through its phrase', () => {
  it.each(rows.map((row) => [row.message, row] as const))('%s', (_, row) => {
    const reason = decide(contextWith(row.rules, row.options), row.call, { bash }, row.flags).reason;
    expect(reason.message).toBe(row.message);
    expect(reason.phrase && phraseText(reason.phrase)).toBe(row.message);
  });

  it('a headless session folds the reason it would have asked for into its deny', async () => {
    const decision = await checkPermission(
      contextWith({}, { shouldAvoidPermissionPrompts: true }),
      sh('make'),
      { deps: { bash } },
    );
    expect(decision.reason.message).toBe(
      'Nobody can answer a prompt here and no PermissionRequest hook allowed it, so it is denied (no rule matched: `make` is not read-only, and no rule allows all of it).',
    );
    expect(decision.reason.phrase?.code).toBe('headless.nobody');
  });

  it("a hook's own words have no phrase; the engine's words for a silent hook do", async () => {
    const context = contextWith({}, { shouldAvoidPermissionPrompts: true });
    const said = await checkPermission(context, sh('make'), {
      deps: { bash },
      hook: async () => ({ behavior: 'deny', message: 'Not on Fridays.' }),
    });
    expect(said.reason).toEqual({ type: 'hook', message: 'Not on Fridays.' });
    const silent = await checkPermission(context, sh('make'), {
      deps: { bash },
      hook: async () => ({ behavior: 'allow' }),
    });
    expect(silent.reason.message).toBe('A PermissionRequest hook answered allow.');
    expect(silent.reason.phrase).toEqual({ code: 'hook.answeredAllow', params: {} });
  });

  it('rule warnings carry the phrase of their sentence', () => {
    const warnings = analyzeRules(
      contextWith({ deny: ['Bash(git *)'], allow: ['Bash(git push)', 'Bash(npx *)', 'Bash(npx *)'] }),
    );
    expect(warnings.map((w) => [w.kind, w.message])).toEqual([
      [
        'shadowed',
        `The allow rule Bash(git push) from ${PROJECT} can never apply: every call it matches is first denied by Bash(git *) from ${PROJECT}.`,
      ],
      [
        'broad-allow',
        `The allow rule Bash(npx *) from ${PROJECT} allows \`npx\` with any arguments, which can run any command without asking.`,
      ],
      [
        'duplicate',
        `The allow rule Bash(npx *) appears twice in ${PROJECT} (permissions.allow[1] and [2]); the first copy applies, so this one can be removed.`,
      ],
      [
        'broad-allow',
        `The allow rule Bash(npx *) from ${PROJECT} allows \`npx\` with any arguments, which can run any command without asking.`,
      ],
    ]);
    for (const warning of warnings) expect(phraseText(warning.phrase)).toBe(warning.message);
  });
});

describe('the rule field’s check', () => {
  it('says a broad allow through its phrase', () => {
    const checked = checkRule('Bash(*)', 'allow');
    expect(checked.ok && checked.warning).toBe('This rule allows every shell command without asking.');
    expect(checked.ok && checked.warningPhrase && phraseText(checked.warningPhrase)).toBe(
      'This rule allows every shell command without asking.',
    );
  });
});

/** The outline of a phrase: its code and, nested inside, the codes of the sentences it holds. */
function codes(built: Phrase): unknown {
  const inner = Object.entries(built.params).flatMap(([name, arg]) =>
    'phrase' in arg ? [[name, codes(arg.phrase)]] : [],
  );
  return inner.length === 0 ? built.code : { [built.code]: Object.fromEntries(inner) };
}

describe('errors and reasons the console words in its own language', () => {
  it('a rule that cannot be used says why through its phrase, in the same English', () => {
    const checked = checkRule('Read(!keep)', 'deny');
    expect(checked).toMatchObject({
      ok: false,
      error:
        '"Read(!keep)" is not a valid path rule: the path pattern "!keep" starts with "!", but a rule cannot un-match a path; write a separate allow rule.',
    });
    if (checked.ok) return;
    expect(codes(checked.errorPhrase)).toEqual({
      'ruleContent.sentence': { problem: { 'ruleContent.badPath': { why: 'pathPattern.negated' } } },
    });
    expect(phraseText(checked.errorPhrase)).toBe(checked.error);
  });

  it('a rule that loads but never applies says why through its phrase, in the same English', () => {
    const checked = checkRule('Agent(model:opus)', 'allow');
    expect(checked).toMatchObject({
      ok: true,
      warning: '"Agent(model:opus)" can never allow anything: param:value rules apply to deny and ask only',
      warningPhrase: { code: 'ruleLoad.paramAllow', params: { rule: { literal: 'Agent(model:opus)' } } },
    });
  });

  it('a settings file that cannot be used says why through its phrase, in the same English', () => {
    const file = '/p/.claude/settings.json';
    const bad = parseSettingsText('{"permissions": {"ask": ["Bash(git push *"]}}', file);
    expect(bad).toMatchObject({
      ok: false,
      error: `The settings file ${file} has an invalid rule at permissions.ask[0]: the rule "Bash(git push *" must end with the ")" that closes the "(" after "Bash".`,
    });
    if (bad.ok) return;
    expect(codes(bad.errorPhrase)).toEqual({
      'settings.unusable': { problem: { 'settings.invalidRule': { why: 'ruleSyntax.mustEnd' } } },
    });
    expect(phraseText(bad.errorPhrase)).toBe(bad.error);

    const json = parseSettingsText('{"a": 1,\n}', file);
    expect(json.ok || json.errorPhrase.params['problem']).toEqual({
      phrase: {
        code: 'settings.notJsonAt',
        params: {
          detail: { text: 'Expected double-quoted property name' },
          line: { count: 2 },
          column: { count: 1 },
        },
      },
    });
    expect(json.ok || phraseText(json.errorPhrase)).toBe(json.ok || json.error);

    const folder = unreadableSettings(file, {
      kind: 'refused',
      reason: 'not-a-regular-file',
      type: 'folder',
    });
    expect(folder.message).toBe(`The settings file ${file} is a folder, not a file.`);
    expect(codes(folder.phrase)).toEqual({ 'settings.unusable': { problem: 'settings.isFolder' } });
  });

  it('a Bash command the analyser cannot read says why through its phrase, in the same English', () => {
    const reason = decide(contextWith(), sh('echo "unterminated'), { bash }).reason;
    expect(reason.message).toBe(
      'The command could not be parsed as Bash (line 1, column 6): ""unterminated" is never closed, so a person must look at it.',
    );
    expect(reason.phrase && codes(reason.phrase)).toEqual({
      'bash.unparsed': { problem: { 'bashParse.failedAt': { detail: 'bashParse.neverClosed' } } },
    });
    expect(reason.phrase && phraseText(reason.phrase)).toBe(reason.message);
  });

  it("the heuristic classifier's reason is a phrase inside the classifier's sentence", async () => {
    const decision = await checkPermission(contextWith({}, { mode: 'auto' }), sh('sudo reboot'), {
      deps: { bash },
      classifier: createHeuristicClassifier(),
    });
    expect(decision.reason.message).toBe(
      'The classifier denied it (confidence 0.95): it acts with elevated privileges.',
    );
    expect(decision.reason.phrase && codes(decision.reason.phrase)).toEqual({
      'classifier.denied': { why: 'classifier.privileged' },
    });
  });
});

describe('phrase templates', () => {
  it('fill each placeholder the way its kind is said in English', () => {
    const rule = { phrase: { code: 'behavior.allow', params: {} } satisfies Phrase };
    expect(phrase('bash.pathVerdict', { what: { text: 'it' }, why: { text: 'Shown.' } }).message).toBe(
      'It: shown.',
    );
    expect(phrase('mode.dontAsk', { why: rule }).message).toBe(
      'dontAsk mode denies whatever would ask (allow).',
    );
    expect(phrase('warning.neverMatched', { rule, count: { count: 3 } }).message).toBe(
      'Allow matched none of the 3 past calls in history.',
    );
  });

  it('name only placeholders and modifiers the formatter knows', () => {
    for (const code of Object.keys(englishPhrases) as PhraseCode[]) {
      const text = templateParts(englishPhrases[code])
        .filter((part) => typeof part === 'string')
        .join('');
      expect(text, code).not.toMatch(/[{}]/);
    }
  });
});
