/**
 * A tool call typed as text, for rule examples and the playground: a JSON object is the tool's input, and
 * anything else fills the one field a person types for that tool (a Bash command, a file path, a URL).
 */
import { primaryFieldOf } from '../engine';
import { refusal, type Refusal } from './refusals';

// A person searching types the pattern; the engine's rules for these tools match the folder searched.
const TYPED_NOT_PRIMARY: ReadonlyMap<string, string> = new Map([
  ['Glob', 'pattern'],
  ['Grep', 'pattern'],
]);

export type ToolInputResult =
  | { readonly ok: true; readonly input: Record<string, unknown> }
  | { readonly ok: false; readonly error: Refusal };

/**
 * The field that text typed for a tool fills: what a person writes (Glob's `pattern`), not the field its
 * content rules match (the engine's `primaryFieldOf`, Glob's `path`).
 */
export function typedFieldOf(tool: string): string | undefined {
  return TYPED_NOT_PRIMARY.get(tool) ?? primaryFieldOf(tool);
}

export function toolInputFromText(tool: string, text: string): ToolInputResult {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return { ok: true, input: value as Record<string, unknown> };
    } catch {
      // Reported below.
    }
    return {
      ok: false,
      error: refusal(
        'input-not-object',
        `"${trimmed}" is not a JSON object; write the input as {"key": "value"}.`,
        { text: trimmed },
      ),
    };
  }
  const field = typedFieldOf(tool);
  if (field === undefined)
    return {
      ok: false,
      error: refusal(
        'input-needs-object',
        `Write ${tool}'s input as a JSON object, such as {"key": "value"}.`,
        { tool },
      ),
    };
  return { ok: true, input: { [field]: trimmed } };
}
