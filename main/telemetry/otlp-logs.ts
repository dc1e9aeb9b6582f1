/**
 * An OTLP/HTTP logs body, protobuf or JSON, decoded with the OpenTelemetry project's own generated
 * definitions (protobufjs, in @opentelemetry/otlp-transformer), then flattened to the records Gatehouse
 * reads: each with its resource's and its own attributes as plain values. Nothing is parsed by hand.
 */
import root from '@opentelemetry/otlp-transformer/build/src/generated/root.js';

/** A decoded attribute value, as protobufjs's `toObject` gives it (64-bit integers as decimal strings). */
export type AttributeValue = string | number | boolean | readonly AttributeValue[] | undefined;

export interface LogRecord {
  /** The resource's attributes (`service.name`, `service.version`, …). */
  readonly resource: Readonly<Record<string, AttributeValue>>;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
  /** The body when it is a string (Claude Code puts the event's name there). */
  readonly body: string | undefined;
  /** Milliseconds since the epoch, from `timeUnixNano` (else `observedTimeUnixNano`), when present. */
  readonly timeMs: number | undefined;
}

interface AnyValueObject {
  readonly stringValue?: string;
  readonly boolValue?: boolean;
  readonly intValue?: string;
  readonly doubleValue?: number;
  readonly arrayValue?: { readonly values?: readonly AnyValueObject[] };
  readonly kvlistValue?: unknown;
  readonly bytesValue?: string;
}
interface KeyValueObject {
  readonly key?: string;
  readonly value?: AnyValueObject;
}
interface LogsRequestObject {
  readonly resourceLogs?: readonly {
    readonly resource?: { readonly attributes?: readonly KeyValueObject[] };
    readonly scopeLogs?: readonly {
      readonly logRecords?: readonly {
        readonly timeUnixNano?: string;
        readonly observedTimeUnixNano?: string;
        readonly body?: AnyValueObject;
        readonly attributes?: readonly KeyValueObject[];
      }[];
    }[];
  }[];
}

/** The one message type used from the generated root; its declaration file types the root only as `Root`. */
interface LogsRequestCodec {
  decode(bytes: Uint8Array): object;
  fromObject(value: object): object;
  toObject(
    message: object,
    options: { longs: StringConstructor; bytes: StringConstructor },
  ): LogsRequestObject;
}
const generated = root as unknown as {
  opentelemetry: { proto: { collector: { logs: { v1: { ExportLogsServiceRequest: LogsRequestCodec } } } } };
};
const ExportLogsServiceRequest = generated.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

export type LogsEncoding = 'protobuf' | 'json';

/**
 * Every record of the body, or an error whose message is one sentence saying what is wrong with it. The
 * whole body is decoded before anything is returned, so a bad body yields no records at all.
 */
export function decodeLogs(bytes: Uint8Array, encoding: LogsEncoding): LogRecord[] {
  let request: LogsRequestObject;
  try {
    const message =
      encoding === 'protobuf'
        ? ExportLogsServiceRequest.decode(bytes)
        : ExportLogsServiceRequest.fromObject(parseJsonObject(bytes));
    request = ExportLogsServiceRequest.toObject(message, { longs: String, bytes: String });
  } catch (error) {
    throw new Error(
      `The body is not an OTLP ExportLogsServiceRequest in ${encoding === 'json' ? 'JSON' : 'protobuf'} (${(error as Error).message}).`,
      { cause: error },
    );
  }
  const records: LogRecord[] = [];
  for (const resourceLogs of request.resourceLogs ?? []) {
    const resource = attributesOf(resourceLogs.resource?.attributes);
    for (const scopeLogs of resourceLogs.scopeLogs ?? []) {
      for (const record of scopeLogs.logRecords ?? []) {
        const body = valueOf(record.body);
        records.push({
          resource,
          attributes: attributesOf(record.attributes),
          body: typeof body === 'string' ? body : undefined,
          timeMs: nanosToMs(record.timeUnixNano) ?? nanosToMs(record.observedTimeUnixNano),
        });
      }
    }
  }
  return records;
}

function parseJsonObject(bytes: Uint8Array): object {
  const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error('the JSON is not an object');
  return value;
}

function attributesOf(list: readonly KeyValueObject[] | undefined): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const { key, value } of list ?? []) if (key !== undefined) out[key] = valueOf(value);
  return out;
}

function valueOf(value: AnyValueObject | undefined): AttributeValue {
  if (value === undefined) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function nanosToMs(nanos: string | undefined): number | undefined {
  if (nanos === undefined || nanos === '0') return undefined;
  const ms = Number(BigInt(nanos) / 1_000_000n);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
