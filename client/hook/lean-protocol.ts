/**
 * The bridge protocol as the hook speaks it: the constants and checks of common/protocol.ts that the hook
 * needs, written without zod (see shape.ts). lean-protocol.test.ts holds them equal to common/protocol.ts,
 * so the two cannot drift apart unnoticed.
 */
import type { PermissionDecision, PermissionMode, PermissionUpdate } from '../../common/protocol';
import { INPUT_LIMITS } from '../../common/input-bounds';
import { permissionModes } from '../../engine/types';
import { isObject, isOneOf, isText, isTextArray } from './shape';

export const PROTOCOL_VERSION = 2;

// engine/types.ts is plain constants, so the hook can take the modes from there rather than restate them.
export const PERMISSION_MODES: readonly PermissionMode[] = permissionModes;
const DESTINATIONS = ['session', 'localSettings', 'projectSettings', 'userSettings', 'cliArg'] as const;
const RULE_BEHAVIORS = ['allow', 'deny', 'ask'] as const;
const BEHAVIORS = ['allow', 'deny', 'passthrough'] as const;

/** The limits common/protocol.ts puts on a request, so the console never refuses what the hook sends. */
export const LIMITS = {
  id: 200,
  cwd: 4_096,
  tool: 500,
  suggestions: 50,
  message: 4_000,
  mcpName: 200,
  mcpSource: 40,
  inputDepth: INPUT_LIMITS.depth,
} as const;

function isRuleValue(value: unknown): boolean {
  return (
    isObject(value) &&
    isText(value.toolName, 1, 500) &&
    (value.ruleContent === undefined || isText(value.ruleContent, 0, 10_000))
  );
}

/** Claude Code's permission-update entry, as the protocol bounds it (`PermissionUpdateSchema`). */
export function isPermissionUpdate(value: unknown): value is PermissionUpdate {
  if (!isObject(value) || !isOneOf(value.destination, DESTINATIONS)) return false;
  switch (value.type) {
    case 'addRules':
    case 'replaceRules':
    case 'removeRules':
      return (
        isOneOf(value.behavior, RULE_BEHAVIORS) &&
        Array.isArray(value.rules) &&
        value.rules.length <= 100 &&
        value.rules.every(isRuleValue)
      );
    case 'setMode':
      return isText(value.mode, 0, 40);
    case 'addDirectories':
    case 'removeDirectories':
      return isTextArray(value.directories, 100, 4_096);
    default:
      return false;
  }
}

export type ConsoleDecision = Omit<PermissionDecision, 'type' | 'by'>;

/**
 * A `permission.decision` frame, or undefined. Any malformed field refuses the whole frame, as the
 * protocol's schema does: an allow whose edited input cannot be read must not become a plain allow.
 */
export function readDecision(frame: unknown): ConsoleDecision | undefined {
  if (!isObject(frame) || frame.type !== 'permission.decision') return undefined;
  const { id, behavior, updatedInput, updatedPermissions, message, interrupt } = frame;
  if (!isText(id, 1, LIMITS.id) || !isOneOf(behavior, BEHAVIORS)) return undefined;
  if (updatedInput !== undefined && !isObject(updatedInput)) return undefined;
  if (
    updatedPermissions !== undefined &&
    !(Array.isArray(updatedPermissions) && updatedPermissions.every(isPermissionUpdate))
  )
    return undefined;
  if (message !== undefined && !isText(message, 0, LIMITS.message)) return undefined;
  if (interrupt !== undefined && typeof interrupt !== 'boolean') return undefined;
  return {
    id,
    behavior,
    ...(updatedInput ? { updatedInput } : {}),
    ...(updatedPermissions ? { updatedPermissions: updatedPermissions as PermissionUpdate[] } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(interrupt !== undefined ? { interrupt } : {}),
  };
}

/** The `id` and sentence of an `error` frame, or undefined. */
export function readError(frame: unknown): { id?: string; message: string } | undefined {
  if (!isObject(frame) || frame.type !== 'error' || typeof frame.message !== 'string') return undefined;
  return { ...(typeof frame.id === 'string' ? { id: frame.id } : {}), message: frame.message };
}

/** The console's version from a `welcome` frame, or undefined. */
export function readWelcome(frame: unknown): { protocol: number; version: string } | undefined {
  if (!isObject(frame) || frame.type !== 'welcome' || typeof frame.protocol !== 'number') return undefined;
  const version = isObject(frame.console) ? frame.console.version : undefined;
  return { protocol: frame.protocol, version: typeof version === 'string' ? version : 'unknown' };
}
