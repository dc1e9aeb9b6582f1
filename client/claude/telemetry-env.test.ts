import { describe, expect, it } from 'vitest';
import {
  ADDED_KEY,
  installTelemetry,
  retryHookStatus,
  telemetryEnv,
  telemetryStatus,
  uninstallTelemetry,
} from './telemetry-env';

const target = { endpoint: 'http://127.0.0.1:43117/v1/logs', token: 't'.repeat(43) };
const PATH = '/home/me/.claude/settings.json';

const install = (settings: Record<string, unknown>, retryHook = false) => {
  const change = installTelemetry(settings, target, PATH, retryHook);
  if ('conflict' in change) throw new Error(change.conflict);
  return change;
};

describe('Claude Code’s log export to the console', () => {
  it('adds the export to settings with no env, and uninstall gives back the same settings', () => {
    const before = { permissions: { allow: ['Bash(ls)'] } };
    const { settings, changed } = install(before);
    expect(changed).toBe(true);
    expect(settings.env).toMatchObject({
      CLAUDE_CODE_ENABLE_TELEMETRY: '1',
      OTEL_LOGS_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: target.endpoint,
      OTEL_EXPORTER_OTLP_LOGS_HEADERS: `x-gatehouse-telemetry=${target.token}`,
      OTEL_LOGS_EXPORT_INTERVAL: '1000',
      OTEL_LOG_TOOL_DETAILS: '1',
    });
    expect(telemetryStatus(settings, target)).toBe('ok');
    expect(install(settings).changed).toBe(false);
    expect(uninstallTelemetry(settings)).toEqual({ settings: before, changed: true });
  });

  it('keeps the person’s own keys, metrics to their collector included, and removes only its own', () => {
    const env = {
      CLAUDE_CODE_ENABLE_TELEMETRY: '1',
      OTEL_METRICS_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318',
      OTEL_LOG_TOOL_DETAILS: '0',
    };
    const { settings } = install({ env });
    const added = settings.env as Record<string, string>;
    expect(added.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('https://collector.example:4318');
    expect(added.OTEL_LOG_TOOL_DETAILS).toBe('0');
    expect(added[ADDED_KEY]?.split(',')).not.toContain('CLAUDE_CODE_ENABLE_TELEMETRY');
    expect(uninstallTelemetry(settings).settings).toEqual({ env });
  });

  it('brings the endpoint up to date when the console moved, and doctor calls the old one stale', () => {
    const { settings } = install({});
    const moved = { ...target, endpoint: 'http://127.0.0.1:43999/v1/logs' };
    expect(telemetryStatus(settings, moved)).toBe('stale');
    const again = installTelemetry(settings, moved, PATH, false);
    expect(
      'conflict' in again
        ? undefined
        : (again.settings.env as Record<string, string>).OTEL_EXPORTER_OTLP_LOGS_ENDPOINT,
    ).toBe(moved.endpoint);
  });

  it.each([
    [
      'exports its logs already',
      { OTEL_LOGS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'https://collector/v1/logs' },
      /sends them to one place only, so Gatehouse left yours in place/,
    ],
    ['has telemetry turned off', { CLAUDE_CODE_ENABLE_TELEMETRY: '0' }, /turns Claude Code's telemetry off/],
  ])('leaves a person’s settings that %s as they are, and says why', (_, env, why) => {
    const change = installTelemetry({ env }, target, PATH, true);
    expect(change).toEqual({ conflict: expect.stringMatching(why) });
    expect(telemetryStatus({ env }, target)).toBe('OTEL_LOGS_EXPORTER' in env ? 'theirs' : 'absent');
    expect(uninstallTelemetry({ env })).toEqual({ settings: { env }, changed: false });
  });

  it('adds the PreToolUse http hook only when asked, and keeps it on a later install without the flag', () => {
    const plain = install({}).settings;
    expect(plain.hooks).toBeUndefined();
    expect(plain.env).not.toHaveProperty('GATEHOUSE_TELEMETRY_TOKEN');
    expect(retryHookStatus(plain, target)).toBe('absent');

    const asked = install(plain, true);
    expect(asked.changed).toBe(true);
    expect(retryHookStatus(asked.settings, target)).toBe('ok');
    expect(install(asked.settings).changed).toBe(false);

    // The console moved: a plain install points the hook it finds at the new port rather than dropping it.
    const moved = { ...target, endpoint: 'http://127.0.0.1:43999/v1/logs' };
    expect(retryHookStatus(asked.settings, moved)).toBe('stale');
    const again = installTelemetry(asked.settings, moved, PATH, false);
    if ('conflict' in again) throw new Error(again.conflict);
    expect(retryHookStatus(again.settings, moved)).toBe('ok');

    expect(uninstallTelemetry(asked.settings)).toEqual({ settings: {}, changed: true });
  });

  it('sets what the pinned binary needs to export within 2 s', () => {
    expect(Number(telemetryEnv(target).OTEL_LOGS_EXPORT_INTERVAL)).toBeLessThan(2000);
  });
});
