import { describe, expect, it } from 'vitest';
import { SettingsProblem } from '../config-files/change-settings';
import {
  codexTelemetryStatus,
  exporterLine,
  installCodexTelemetry,
  uninstallCodexTelemetry,
} from './codex-otel';

const target = { endpoint: 'http://127.0.0.1:43117/v1/logs', token: 't'.repeat(43) };
const moved = { ...target, endpoint: 'http://127.0.0.1:43999/v1/logs' };
const PATH = '/home/me/.codex/config.toml';
const CONFIG = 'model = "gpt-5.5"\n\n[model_providers.standin]\nname = "standin"\n';

describe('Codex’s [otel] export to the console', () => {
  it.each([
    ['a config', CONFIG],
    ['a config whose last line has no newline', CONFIG.trimEnd()],
    ['an empty file', ''],
  ])('adds a marked [otel] table to %s, and uninstall gives back the same bytes', (_, text) => {
    const installed = installCodexTelemetry(text, target, PATH) ?? '';
    expect(installed).toContain(`[otel]\nlog_user_prompt = false\n${exporterLine(target)}\n`);
    expect(installed.startsWith(text)).toBe(true);
    expect(codexTelemetryStatus(installed, target)).toBe('ok');
    expect(installCodexTelemetry(installed, target, PATH)).toBeUndefined();
    expect(uninstallCodexTelemetry(installed)).toBe(text);
  });

  it('writes Codex’s own exporter syntax with the token header', () => {
    expect(exporterLine(target)).toBe(
      `exporter = { otlp-http = { endpoint = "http://127.0.0.1:43117/v1/logs", protocol = "binary", headers = { "x-gatehouse-telemetry" = "${target.token}" } } }`,
    );
  });

  it('brings its table up to date when the console’s port moved, and doctor calls the old one stale', () => {
    const installed = installCodexTelemetry(CONFIG, target, PATH) ?? '';
    expect(codexTelemetryStatus(installed, moved)).toBe('stale');
    const again = installCodexTelemetry(`${installed}[other]\nx = 1\n`, moved, PATH) ?? '';
    expect(again).toContain('43999');
    expect(again).not.toContain('43117');
    expect(uninstallCodexTelemetry(again)).toBe(`${CONFIG}[other]\nx = 1\n`);
  });

  it('adds one marked exporter line to the person’s own [otel] that has none, and takes only it away', () => {
    const theirs = `${CONFIG}\n[otel]\nenvironment = "dev"\n`;
    const installed = installCodexTelemetry(theirs, target, PATH) ?? '';
    expect(installed).toContain('[otel]\nexporter = { otlp-http');
    expect(installed).toContain('environment = "dev"');
    expect(codexTelemetryStatus(installed, target)).toBe('ok');
    expect(uninstallCodexTelemetry(installed)).toBe(theirs);
  });

  it.each([
    [
      'an exporter of their own',
      '[otel]\nexporter = { otlp-grpc = { endpoint = "https://collector:4317" } }\n',
    ],
    ['an exporter subtable', '[otel.exporter.otlp-http]\nendpoint = "https://collector/v1/logs"\n'],
    ['a dotted root key', 'otel.exporter = "none"\n'],
  ])('leaves %s in place and says why', (_, theirs) => {
    expect(() => installCodexTelemetry(theirs, target, PATH)).toThrow(SettingsProblem);
    expect(() => installCodexTelemetry(theirs, target, PATH)).toThrow(
      /one exporter only, so Gatehouse left yours in place/,
    );
    expect(codexTelemetryStatus(theirs, target)).toBe('theirs');
    expect(uninstallCodexTelemetry(theirs)).toBeUndefined();
  });

  it('has nothing to remove from a config it never touched, or no config', () => {
    expect(uninstallCodexTelemetry(CONFIG)).toBeUndefined();
    expect(uninstallCodexTelemetry(undefined)).toBeUndefined();
    expect(codexTelemetryStatus(undefined, target)).toBe('absent');
  });
});
