/** The JSON Schema of every bridge message, generated from the zod schemas that validate them at runtime. */
import { z } from 'zod';
import {
  ErrorSchema,
  HelloSchema,
  PermissionCancelSchema,
  PermissionDecisionSchema,
  PermissionRequestSchema,
  PROTOCOL_VERSION,
  SessionEventSchema,
  WelcomeSchema,
} from './protocol';

export const messageSchemas = {
  hello: HelloSchema,
  welcome: WelcomeSchema,
  'permission.request': PermissionRequestSchema,
  'permission.decision': PermissionDecisionSchema,
  'permission.cancel': PermissionCancelSchema,
  'session.event': SessionEventSchema,
  error: ErrorSchema,
} as const;

export function protocolJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `Gatehouse bridge protocol ${PROTOCOL_VERSION}`,
    oneOf: Object.entries(messageSchemas).map(([type, schema]) => ({
      title: type,
      ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    })),
  };
}
