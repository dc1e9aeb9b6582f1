/**
 * What an agent's OTLP exporter does, on a thread of its own so the console's thread does only the
 * console's work: POSTs protobuf logs bodies of Claude Code's `tool_decision` and `tool_result` records
 * (the pinned binary's, from tests/fixtures/otlp, with fresh session and call ids) to the endpoint, a few
 * at a time, paused and resumed on command, until told to stop. Plain JavaScript, since a worker thread is
 * not bundled.
 *
 * A body is encoded once and then copied with each body's ids written into it: encoding every body with
 * protobufjs took this thread about as much CPU as the console's whole ingest, on the same two cores, and
 * held the figure to what the sender could make (16-18k records/s) rather than what the console can keep.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { TELEMETRY_HEADER } from '../../files/telemetry-token';

const FIXTURE = 'tests/fixtures/otlp/claude-2.1.328-allowed-by-rule.pb';
const CODEC = '@opentelemetry/otlp-transformer/build/src/generated/root.js';

const SENDER = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const root = require(workerData.codec);
const Request = root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
const { port, header, template, callsPerBody, inFlight } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
const commands = ['npm run test -- --watch=false', 'git status', 'kubectl rollout restart deployment/web-', 'cargo test --package crate-', 'ls -la src/module-'];
let stopped = false;
let paused = workerData.paused;
let posting = 0;
let resume = () => {};
let resumed = new Promise((resolve) => (resume = resolve));
// Paused once every lane's body in flight is answered: then the console has nothing of ours left to read.
const saidPaused = () => { if (paused && posting === 0) parentPort.postMessage({ paused: true }); };
parentPort.on('message', (command) => {
  if (command === 'pause') {
    if (!paused) { paused = true; resumed = new Promise((resolve) => (resume = resolve)); }
    saidPaused();
  } else if (command === 'resume' && paused) { paused = false; resume(); }
  else if (command === 'stop') { stopped = true; paused = false; resume(); }
});
const set = (record, values) => ({
  ...record,
  attributes: record.attributes.map((a) => (a.key in values ? { key: a.key, value: values[a.key] } : a)),
});
// Fixed-width stand-ins, each unique in the body, for what changes from one body to the next: the session,
// and each call's id and the number at the end of its command.
const SESSION = 8;
const ID = 12;
const NUMBER = 3;
const mark = (kind, slot, width) => (kind + slot.toString(36)).padEnd(width, '~');
const records = [];
for (let i = 0; i < callsPerBody; i++) {
  const command = commands[i % commands.length] + mark('N', i, NUMBER);
  const parameters = JSON.stringify({ bash_command: command.split(' ')[0], full_command: command, description: 'Run it' });
  const ids = { 'session.id': { stringValue: 'ingest-' + mark('S', 0, SESSION) }, tool_use_id: { stringValue: 'toolu_01bench' + mark('I', i, ID) } };
  records.push(set(template.decision, { ...ids, 'event.sequence': { intValue: String(i * 2) }, tool_parameters: { stringValue: parameters } }));
  records.push(set(template.result, { ...ids, 'event.sequence': { intValue: String(i * 2 + 1) }, tool_parameters: { stringValue: parameters },
    tool_input: { stringValue: JSON.stringify({ command, description: 'Run it' }) } }));
}
const message = { resourceLogs: [{ resource: template.resource, scopeLogs: [{ scope: template.scope, logRecords: records }] }] };
const shape = Buffer.from(Request.encode(Request.fromObject(message)).finish());
const offsetsOf = (text) => {
  const found = [];
  for (let at = shape.indexOf(text); at >= 0; at = shape.indexOf(text, at + 1)) found.push(at);
  if (found.length === 0) throw new Error('the body template lost ' + text);
  return found;
};
const sessionAt = offsetsOf(mark('S', 0, SESSION));
const slots = Array.from({ length: callsPerBody }, (_, i) => ({ id: offsetsOf(mark('I', i, ID)), number: offsetsOf(mark('N', i, NUMBER)) }));
// What an exporter that had its records encoded would send: the template's bytes with this body's values
// written in, so the sender's own work stays a small part of the two cores the console needs.
let calls = 0;
function body(n) {
  const bytes = Buffer.from(shape);
  const write = (offsets, text) => { for (const at of offsets) bytes.write(text, at, 'latin1'); };
  write(sessionAt, ((n % 10) + '-' + Math.floor(n / 200)).padStart(SESSION, '0').slice(-SESSION));
  for (const slot of slots) {
    calls += 1;
    write(slot.id, calls.toString(36).padStart(ID, '0'));
    write(slot.number, String(calls % 1000).padStart(NUMBER, '0'));
  }
  return bytes;
}
let sent = 0;
function post(payload) {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', path: '/v1/logs', method: 'POST', agent,
      headers: { 'content-type': 'application/x-protobuf', 'content-length': payload.length, [header]: 'bench' } },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error('status ' + response.statusCode))));
      });
    request.on('error', reject);
    request.end(payload);
  });
}
async function lane() {
  while (!stopped) {
    if (paused) { await resumed; continue; }
    posting += 1;
    await post(body(sent++));
    posting -= 1;
    saidPaused();
  }
}
Promise.all(Array.from({ length: inFlight }, lane)).then(
  () => { agent.destroy(); parentPort.postMessage({ bodies: sent }); },
  (error) => { agent.destroy(); parentPort.postMessage({ error: error.message }); },
);
`;

interface Template {
  readonly resource: unknown;
  readonly scope: unknown;
  readonly decision: unknown;
  readonly result: unknown;
}

interface Codec {
  decode(bytes: Uint8Array): object;
  toObject(
    message: object,
    options: { longs: StringConstructor; bytes: StringConstructor },
  ): {
    resourceLogs: {
      resource: unknown;
      scopeLogs: {
        scope: unknown;
        logRecords: { attributes: { key: string; value: { stringValue?: string } }[] }[];
      }[];
    }[];
  };
}

function template(codecPath: string): Template {
  const require = createRequire(import.meta.url);
  const root = require(codecPath) as {
    opentelemetry: { proto: { collector: { logs: { v1: { ExportLogsServiceRequest: Codec } } } } };
  };
  const codec = root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
  const [logs] = codec.toObject(codec.decode(readFileSync(FIXTURE)), {
    longs: String,
    bytes: String,
  }).resourceLogs;
  const [scope] = logs!.scopeLogs;
  const named = (name: string) =>
    scope!.logRecords.find((record) =>
      record.attributes.some((a) => a.key === 'event.name' && a.value.stringValue === name),
    );
  return {
    resource: logs!.resource,
    scope: scope!.scope,
    decision: named('tool_decision'),
    result: named('tool_result'),
  };
}

export interface IngestSender {
  /** Sends again after a pause (or the paused start). */
  resume(): void;
  /** Stops sending; resolves once every body in flight is answered. */
  pause(): Promise<void>;
  /** Stops sending for good; resolves with the bodies sent once every one in flight is answered. */
  stop(): Promise<number>;
}

export function startIngestSender(options: {
  readonly port: number;
  readonly callsPerBody: number;
  readonly inFlight: number;
  /** Starts paused, sending from the first `resume`. */
  readonly paused?: boolean;
}): IngestSender {
  const codec = createRequire(import.meta.url).resolve(CODEC);
  const worker = new Worker(SENDER, {
    eval: true,
    workerData: {
      ...options,
      paused: options.paused ?? false,
      codec,
      header: TELEMETRY_HEADER,
      template: template(codec),
    },
  });
  let whenPaused: (() => void) | undefined;
  const done = new Promise<number>((resolve, reject) => {
    worker.on('message', (reply: { paused?: true; bodies?: number; error?: string }) => {
      if (reply.paused) {
        whenPaused?.();
        whenPaused = undefined;
      } else if (reply.error === undefined) resolve(reply.bodies ?? 0);
      else reject(new Error(reply.error));
    });
    worker.once('error', reject);
  });
  return {
    resume() {
      worker.postMessage('resume');
    },
    pause() {
      const paused = new Promise<void>((resolve) => (whenPaused = resolve));
      worker.postMessage('pause');
      return paused;
    },
    async stop() {
      worker.postMessage('stop');
      const bodies = await done;
      await worker.terminate();
      return bodies;
    },
  };
}
