/**
 * Every sentence the engine says about a call or a rule, once: a code, its English template, and the
 * parameters that fill it. `phrase()` builds the English `message` the CLI, logs and history print; the
 * console keeps the code and parameters, so it can say the same sentence in the person's language and draw
 * commands, rules and paths as it draws them elsewhere.
 *
 * A template's `{name}` is a parameter; `{name|upper}` and `{name|lower}` set the case of its first letter
 * and `{name|bare}` drops its final full stop, for a sentence folded into another.
 */
import type { RuleBehavior, RuleSource } from '../types';

export const englishPhrases = {
  'source.policySettings': 'managed policy',
  'source.flagSettings': 'the --settings file',
  'source.userSettings': 'user settings',
  'source.projectSettings': 'project settings',
  'source.localSettings': 'local project settings',
  'source.cliArg': 'the command line',
  'source.command': 'a command',
  'source.session': 'this session',
  'place.file': '{source} ({file})',
  'behavior.allow': 'allow',
  'behavior.ask': 'ask',
  'behavior.deny': 'deny',
  'rule.described': 'the {behavior} rule {rule} from {place}',

  'decide.deniesTool': '{rule|upper} denies {tool} entirely.',
  'decide.asksTool': '{rule|upper} asks before every {tool} call.',
  'decide.allowsTool': '{rule|upper} allows every {tool} call.',
  'decide.userInteraction': "{tool} needs the user's own answer, so it always asks.",
  'decide.noRule': 'No rule matched: {why|lower}',
  'mode.planFromBypass':
    'Plan mode was entered from bypassPermissions and keeps its trust, so the call is allowed.',
  'mode.bypass': 'bypassPermissions mode allows every call that no deny, ask rule or safety check stops.',
  'mode.acceptEdits': 'acceptEdits mode allows this: {why|lower}',
  'mode.dontAsk': 'dontAsk mode denies whatever would ask ({why|lower|bare}).',
  'headless.setting':
    '{file} sets "permissions.denyInsteadOfPrompting" and no PermissionRequest hook allowed it, so it is denied instead of asked ({why|lower|bare}).',
  'headless.nobody':
    'Nobody can answer a prompt here and no PermissionRequest hook allowed it, so it is denied ({why|lower|bare}).',
  'classifier.allowed': 'The classifier allowed it (confidence {confidence}): {why|lower}',
  'classifier.denied': 'The classifier denied it (confidence {confidence}): {why|lower}',
  'classifier.readOnly': 'It only reads.',
  'classifier.privileged': 'It acts with elevated privileges.',
  'classifier.destructive': 'It deletes or overwrites data that may not come back.',
  'classifier.secrets': 'It reads a credential or secret, which a person must see first.',
  'classifier.unknown': 'It runs a command whose effect the classifier does not know.',
  'classifier.network': 'It talks to the network, which the classifier cannot judge alone.',
  'classifier.editsInside': 'It edits a file inside the working folders.',
  'classifier.writesOutside': 'It writes outside what the classifier can vouch for.',
  'hook.answeredAllow': 'A PermissionRequest hook answered allow.',
  'hook.answeredDeny': 'A PermissionRequest hook answered deny.',
  'hook.flagAllowed': 'The PermissionRequest hook (--hook-allow) allowed it.',

  'bash.noCommand': 'Bash was called without a "command".',
  'bash.noAnalyser': 'The Bash analyser is not loaded, so the command cannot be checked.',
  'bash.ruleMatches': '{rule|upper} matches {command}.',
  'bash.ruleMatchesUnparsed': '{rule|upper} matches the command.',
  'bash.unparsed': '{problem|bare}, so a person must look at it.',
  'bashParse.tooLong':
    'The command is {length} characters long, over the {limit} that can be checked, so it always needs approval.',
  'bashParse.failed': 'The command could not be parsed as Bash.',
  'bashParse.failedAt': 'The command could not be parsed as Bash (line {line}, column {column}): {detail}.',
  'bashParse.missing': 'a "{token}" is missing',
  'bashParse.endsEarly': 'the command ends too early',
  'bashParse.neverClosed': '"{snippet}" is never closed',
  'bashParse.unexpected': 'unexpected "{snippet}"',
  'bashParse.keyword': 'the parser read the keyword "{word}" as a command',
  'bashParse.splitRedirect': 'the parser split the redirect target before "{word}"',
  'bashParse.lineBreak': 'the parser misread the line break before "{word}"',
  'bashParse.heredoc': 'the parser ended a heredoc at a line that does not end it',
  'bashParse.afterRedirect': 'unexpected "{word}" after a redirect',
  'bash.pathVerdict': '{what|upper}: {why|lower}',
  'bash.redirectTo': 'the redirect to {target}',
  'bash.redirectFrom': 'the input redirect from {target}',
  'bash.operandReads': 'the file {operand} that {program} reads',
  'bash.operandWrites': 'the file {operand} that {program} writes',
  'bash.criticalRemoval':
    '{command} removes {path}, which cannot be undone; a person must approve, whatever the mode.',
  'bash.outsideRedirectWrites': 'The path {path} that the redirect writes',
  'bash.outsideRedirectReads': 'The path {path} that the input redirect reads',
  'bash.outsideReads': 'The path {path} that {program} reads',
  'bash.outsideWrites': 'The path {path} that {program} writes',
  'bash.notReadOnly': '{command} is not read-only, and no rule allows all of it.',
  'bash.readOnly': '{command} is read-only, which needs no approval.',
  'bash.ruleAllows': '{rule|upper} allows {command}.',
  'bash.everyPartAllowed': 'Every part of {command} is allowed, by {rules}.',

  'file.noTarget': '{tool} was called without a "{field}", so its target is unknown.',
  'file.paramRuleMatches': '{rule|upper} matches this {tool} call.',
  'file.forbidsReading': '{rule|upper} forbids reading {path}.',
  'file.forbidsEditing': '{rule|upper} forbids editing {path}.',
  'file.asksReading': '{rule|upper} asks before reading {path}.',
  'file.asksEditing': '{rule|upper} asks before editing {path}.',
  'file.allowsReading': '{rule|upper} allows reading {path}.',
  'file.allowsEditing': '{rule|upper} allows editing {path}.',
  'file.protected':
    'The path {path} is protected ({matched}): changing it can run code or change the rules, so a person must approve, whatever the mode.',
  'file.readsInside': '{tool} reads {path}, inside the working folders, which needs no approval.',
  'file.editsInside': '{tool} edits {path}, inside the working folders.',
  'file.outsideReads': 'The path {path} that {tool} reads',
  'file.outsideEdits': 'The path {path} that {tool} edits',
  'outside.workingDirectories':
    '{subject} is outside the working directories for this session ({directories}).',

  'content.noHost': 'WebFetch was given "{url}", which is not a URL with a host.',
  'content.forbids': '{rule|upper} forbids {tool} on {subject}.',
  'content.asks': '{rule|upper} asks before {tool} on {subject}.',
  'content.allows': '{rule|upper} allows {tool} on {subject}.',
  'content.noRule': 'No content rule covers {tool} on {subject}.',

  'ruleSyntax.empty': 'A rule cannot be empty; write a tool name such as "Bash" or "Read(./src/**)".',
  'ruleSyntax.spaces': 'The rule "{rule}" has spaces around it; remove them.',
  'ruleSyntax.noToolName': 'The rule "{rule}" has no tool name before "(".',
  'ruleSyntax.toolNameChars':
    'The tool name "{tool}" in "{rule}" may contain only letters, digits, "_", "-", "." and "*".',
  'ruleSyntax.toolNameParen':
    'The tool name "{tool}" in "{rule}" may contain only letters, digits, "_", "-", "." and "*", and a ")" needs a "(" before it.',
  'ruleSyntax.neverClosed': 'The rule "{rule}" opens "(" after "{tool}" but never closes it.',
  'ruleSyntax.mustEnd': 'The rule "{rule}" must end with the ")" that closes the "(" after "{tool}".',
  'ruleSyntax.lowercaseTool':
    '"{tool}" is not a tool name Claude Code accepts: tool names start with a capital letter.',
  'ruleContent.sentence': '{problem|upper}.',
  'ruleContent.badPath': '"{rule}" is not a valid path rule: {why}',
  'ruleContent.webFetch': '"{rule}" is not a valid WebFetch rule: write WebFetch(domain:example.com)',
  'ruleContent.mcp':
    '"{rule}" is not a valid rule: MCP and wildcard rules take no content except param:value',
  'pathPattern.negated':
    'the path pattern "{pattern}" starts with "!", but a rule cannot un-match a path; write a separate allow rule',
  'pathPattern.comment':
    'the path pattern "{pattern}" starts with "#", which gitignore reads as a comment; escape it as "\\#"',
  'pathPattern.home': 'the path pattern "~" names no file; write "~/**" for everything in the home folder',
  'pathPattern.folderOnly': 'the path pattern "{pattern}" names a folder but no files in it; add "/**"',

  'ruleLoad.allowGlobSkipped':
    'the allow rule "{rule}" is skipped: an allow glob must start with a literal "mcp__<server>__"',
  'ruleLoad.pathRuleInert': '"{rule}" is never consulted: path rules for {tool} are written as {family}(...)',
  'ruleLoad.paramAllow': '"{rule}" can never allow anything: param:value rules apply to deny and ask only',
  'ruleLoad.fieldUnknown':
    '"{rule}" is never consulted: Gatehouse does not know which field of {tool} it should match; write {tool}(param:value)',
  'settings.unusable': 'The settings file {file} {problem}.',
  'settings.fixByHand': '{problem|bare}; fix it by hand, Gatehouse will not overwrite it.',
  'settings.notJson': 'is not valid JSON ({detail})',
  'settings.notJsonAt': 'is not valid JSON ({detail} at line {line}, column {column})',
  'settings.notObject': 'must hold a JSON object, not {kind}',
  'settings.permissionsNotObject': 'has "permissions" as {kind}, but it must be an object',
  'settings.rulesNotList': 'has "{key}" as {kind}, but it must be a list of rules',
  'settings.ruleNotString': 'has {key} as {kind}, but a rule must be a string',
  'settings.invalidRule': 'has an invalid rule at {key}: {why|lower|bare}',
  'settings.directoriesNotList': 'has "permissions.additionalDirectories" that is not a list of folder paths',
  'settings.badMode': 'has "permissions.defaultMode" set to {value}, which is not one of {modes}',
  'settings.badBypass':
    'has "permissions.disableBypassPermissionsMode" set to {value}, but its only value is "disable"',
  'settings.badSwitch': 'has "{key}" set to {value}, but it must be true or false',
  'settings.isFolder': 'is a folder, not a file',
  'settings.notRegular': 'is a {type}, not a regular file, so it is not read',
  'settings.tooLarge': 'is over {size}, too large for a settings file, so it is not read',
  'settings.permissionDenied': 'cannot be read (permission denied)',
  'settings.unreadable': 'cannot be read ({code})',
  'kind.null': 'null',
  'kind.list': 'a list',
  'kind.object': 'an object',
  'kind.string': 'a string',
  'kind.number': 'a number',
  'kind.boolean': 'a boolean',

  'warning.shadowedDenied':
    '{rule|upper} can never apply: every call it matches is first denied by {winner} from {winnerPlace}.',
  'warning.shadowedAsked':
    '{rule|upper} can never apply: every call it matches is first asked about by {winner} from {winnerPlace}.',
  'warning.duplicateAt':
    'The {behavior} rule {rule} appears twice in {place} ({first} and {second}); the first copy applies, so this one can be removed.',
  'warning.duplicate':
    'The {behavior} rule {rule} appears twice in {place}; the first copy applies, so this one can be removed.',
  'warning.duplicateElsewhere':
    'The {behavior} rule {rule} in {place} repeats the one in {earlierPlace}, which comes first and applies, so this one can be removed.',
  'warning.broadAllow': '{rule|upper} allows {what} without asking.',
  'warning.thisRuleBroad': 'This rule allows {what} without asking.',
  'warning.both': '{first} {second}',
  'context.ruleInvalid': 'The {behavior} rule from {source} is invalid: {why|lower|bare}.',
  'context.lockedAdd': 'Rules cannot be added to {source}: only its owner can change them.',
  'context.lockedRemove': 'Rules cannot be removed from {source}: only its owner can change them.',
  'context.managedOnly': 'Rules cannot be added to {source}: managed policy allows only its own rules.',
  'context.noSuchRule': 'There is no {behavior} rule {rule} in {source}.',
  'context.planEnteredFrom': 'planEnteredFrom is set to {from}, but the mode is {mode}, not plan.',
  'context.bypassDisabled': 'bypassPermissions mode is disabled by {file} (disableBypassPermissionsMode).',
  'context.unchecked': 'The console could not check this request against the rules ({problem|lower|bare}).',
  'warning.neverMatchedOne': '{rule|upper} matched none of the {count} past call in history.',
  'warning.neverMatched': '{rule|upper} matched none of the {count} past calls in history.',
  'broad.everyCommand': 'every shell command',
  'broad.everyEdit': 'editing every file',
  'broad.everyWrite': 'writing every file',
  'broad.everyNotebook': 'editing every notebook',
  'broad.everyUrl': 'fetching every URL',
  'broad.runner': '{command} with any arguments, which can run any command',
  'broad.readsInput': '{command}, which runs any command piped into it',
  'broad.downloader': '{command} with any arguments, which can fetch or send anything and write it anywhere',
} as const;

export type PhraseCode = keyof typeof englishPhrases;
export const phraseCodes = Object.keys(englishPhrases) as PhraseCode[];

/**
 * One parameter, by what it is: words said as they are (a tool's name, another program's English), a
 * command line (quoted in English, drawn as code in the console), a rule, pattern or URL (drawn as code),
 * a path (shortened against the request's folder in the console), a count, or a sentence of its own.
 */
export type PhraseArg =
  | { readonly text: string }
  | { readonly command: string }
  | { readonly literal: string }
  | { readonly path: string }
  | { readonly count: number }
  | { readonly phrase: Phrase };

export interface Phrase {
  readonly code: PhraseCode;
  readonly params: Readonly<Record<string, PhraseArg>>;
}

/** What an engine sentence carries: the English, and the code and parameters it was built from. */
export interface Phrased {
  readonly message: string;
  readonly phrase: Phrase;
}

export function phrase(code: PhraseCode, params: Phrase['params'] = {}): Phrased {
  const built: Phrase = { code, params };
  return { message: phraseText(built), phrase: built };
}

export type PhraseModifier = 'upper' | 'lower' | 'bare';
export type TemplatePart = string | { readonly name: string; readonly modifiers: readonly PhraseModifier[] };

const PLACEHOLDER = /\{(\w+)((?:\|(?:upper|lower|bare))*)\}/g;

/** A template cut into its literal text and its placeholders, for a caller that draws each one its own way. */
export function templateParts(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > at) parts.push(template.slice(at, match.index));
    const modifiers = match[2]!.split('|').slice(1) as PhraseModifier[];
    parts.push({ name: match[1]!, modifiers });
    at = match.index + match[0].length;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

export function applyModifiers(text: string, modifiers: readonly PhraseModifier[]): string {
  let out = text;
  for (const modifier of modifiers) {
    if (modifier === 'upper') out = out.charAt(0).toUpperCase() + out.slice(1);
    else if (modifier === 'lower') out = out.charAt(0).toLowerCase() + out.slice(1);
    else out = out.replace(/[.。]$/, '');
  }
  return out;
}

// Each English template is cut once: every decision builds several sentences.
const englishParts = new Map<PhraseCode, readonly TemplatePart[]>();

/** The phrase as one English sentence: the engine's `message`. */
export function phraseText(built: Phrase): string {
  let parts = englishParts.get(built.code);
  if (parts === undefined) englishParts.set(built.code, (parts = templateParts(englishPhrases[built.code])));
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const arg = built.params[part.name];
      return arg === undefined ? '' : applyModifiers(argText(arg), part.modifiers);
    })
    .join('');
}

function argText(arg: PhraseArg): string {
  if ('phrase' in arg) return phraseText(arg.phrase);
  if ('command' in arg) return `\`${arg.command}\``;
  if ('count' in arg) return String(arg.count);
  if ('text' in arg) return arg.text;
  if ('literal' in arg) return arg.literal;
  return arg.path;
}

/** A rule and where it lives, as the engine names it in a sentence. */
export interface RuleNaming {
  readonly behavior: RuleBehavior;
  readonly text: string;
  readonly source: RuleSource;
  readonly file?: string;
}

/** Where a rule lives: `project settings (/p/.claude/settings.json)` or `this session`. */
export function placePhrase(ref: Pick<RuleNaming, 'source' | 'file'>): Phrase {
  const source: Phrase = { code: `source.${ref.source}`, params: {} };
  return ref.file === undefined
    ? source
    : { code: 'place.file', params: { source: { phrase: source }, file: { path: ref.file } } };
}

export function behaviorPhrase(behavior: RuleBehavior): Phrase {
  return { code: `behavior.${behavior}`, params: {} };
}

/** `the allow rule Bash(git *) from project settings (…)`. */
export function rulePhrase(ref: RuleNaming): Phrase {
  return {
    code: 'rule.described',
    params: {
      behavior: { phrase: behaviorPhrase(ref.behavior) },
      rule: { literal: ref.text },
      place: { phrase: placePhrase(ref) },
    },
  };
}

/** A sentence folded into another: the phrase when there is one, else the words as they were said. */
export function sentenceArg(said: { readonly message: string; readonly phrase?: Phrase }): PhraseArg {
  return said.phrase ? { phrase: said.phrase } : { text: said.message };
}
