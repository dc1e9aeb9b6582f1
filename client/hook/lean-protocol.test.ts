/** The hook's hand-written protocol checks against common/protocol.ts's zod schemas: they must agree. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PermissionDecisionSchema,
  PermissionModeSchema,
  PermissionRequestSchema,
  PermissionUpdateSchema,
  PROTOCOL_VERSION as COMMON_PROTOCOL_VERSION,
} from '../../common/protocol';
import {
  isPermissionUpdate,
  LIMITS,
  PERMISSION_MODES,
  PROTOCOL_VERSION,
  readDecision,
} from './lean-protocol';

/** Short strings, and strings at the schema's length limit and one past it. */
const text = (max: number) =>
  fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1)));
const destination = fc.constantFrom(
  'session',
  'localSettings',
  'projectSettings',
  'userSettings',
  'cliArg',
  'flag',
);
const rule = fc.record(
  { toolName: fc.oneof(text(500), fc.constant(3)), ruleContent: fc.oneof(text(10_000), fc.constant(null)) },
  { requiredKeys: [] },
);
/** Entries near every boundary the schema draws, valid and not. */
const entry = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom('addRules', 'replaceRules', 'removeRules', 'setMode'),
      rules: fc.oneof(fc.array(rule, { maxLength: 3 }), fc.array(rule, { minLength: 100, maxLength: 101 })),
      behavior: fc.constantFrom('allow', 'deny', 'ask', 'passthrough'),
      destination,
    },
    { requiredKeys: [] },
  ),
  fc.record(
    { type: fc.constantFrom('setMode', 'addRules'), mode: fc.oneof(text(40), fc.constant(1)), destination },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      type: fc.constantFrom('addDirectories', 'removeDirectories'),
      directories: fc.oneof(
        fc.array(fc.oneof(text(4_096), fc.constant(false)), { maxLength: 3 }),
        fc.array(fc.constant('/x'), { minLength: 100, maxLength: 101 }),
      ),
      destination,
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('the hook’s lean protocol', () => {
  it('has the protocol’s constants', () => {
    expect(PROTOCOL_VERSION).toBe(COMMON_PROTOCOL_VERSION);
    expect([...PERMISSION_MODES]).toEqual(PermissionModeSchema.options);
  });

  it('bounds a request where the protocol does', () => {
    const suggestion = { type: 'setMode', mode: 'plan', destination: 'session' };
    const request = (over: number) => ({
      type: 'permission.request',
      id: 'x'.repeat(LIMITS.id + over),
      sessionId: 's'.repeat(LIMITS.id + over),
      cwd: '/'.repeat(LIMITS.cwd + over),
      tool: 'T'.repeat(LIMITS.tool + over),
      input: {},
      suggestions: Array.from({ length: LIMITS.suggestions + over }, () => suggestion),
    });
    expect(PermissionRequestSchema.safeParse(request(0)).success).toBe(true);
    const refused = PermissionRequestSchema.safeParse(request(1));
    expect(refused.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'cwd',
      'id',
      'sessionId',
      'suggestions',
      'tool',
    ]);
  });

  it('accepts exactly the permission-update entries the schema accepts', () => {
    fc.assert(
      fc.property(entry, (value) => {
        expect(isPermissionUpdate(value)).toBe(PermissionUpdateSchema.safeParse(value).success);
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads exactly the decisions the schema reads, and nothing it would refuse', () => {
    const decision = fc.record(
      {
        type: fc.constantFrom('permission.decision', 'permission.request'),
        id: fc.oneof(text(200), fc.constant(5)),
        behavior: fc.constantFrom('allow', 'deny', 'passthrough', 'ask'),
        by: fc.constant('console'),
        updatedInput: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.constant('x'), fc.constant([])),
        updatedPermissions: fc.oneof(fc.array(entry, { maxLength: 2 }), fc.constant({})),
        message: fc.oneof(text(4_000), fc.constant(0)),
        interrupt: fc.oneof(fc.boolean(), fc.constant('yes')),
      },
      { requiredKeys: ['by'] },
    );
    fc.assert(
      fc.property(decision, (value) => {
        const schema = PermissionDecisionSchema.safeParse(value);
        const lean = readDecision(value);
        expect(lean !== undefined).toBe(schema.success);
        if (schema.success) {
          const { type: _type, by: _by, ...rest } = schema.data;
          expect(lean).toEqual(rest);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
