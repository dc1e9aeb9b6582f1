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

/**
 * The decoded message, read as protobufjs leaves it rather than through `toObject`, which would copy every
 * record once more: an absent field reads as null (the generated prototypes' default), and a 64-bit integer
 * is a Long (or a plain number where Long is not installed).
 */
interface Long {
  toNumber(): number;
  div(divisor: number): Long;
}
type Int64 = Long | number | string | null | undefined;
interface AnyValueMessage {
  readonly stringValue?: string | null;
  readonly boolValue?: boolean | null;
  readonly intValue?: Int64;
  readonly doubleValue?: number | null;
  readonly arrayValue?: { readonly values?: readonly AnyValueMessage[] | null } | null;
}
interface KeyValueMessage {
  readonly key?: string | null;
  readonly value?: AnyValueMessage | null;
}
interface LogsRequestMessage {
  readonly resourceLogs?:
    | readonly {
        readonly resource?: { readonly attributes?: readonly KeyValueMessage[] | null } | null;
        readonly scopeLogs?:
          | readonly {
              readonly logRecords?:
                | readonly {
                    readonly timeUnixNano?: Int64;
                    readonly observedTimeUnixNano?: Int64;
                    readonly body?: AnyValueMessage | null;
                    readonly attributes?: readonly KeyValueMessage[] | null;
                  }[]
                | null;
            }[]
          | null;
      }[]
    | null;
}

/** The one message type used from the generated root; its declaration file types the root only as `Root`. */
interface LogsRequestCodec {
  decode(bytes: Uint8Array): LogsRequestMessage;
  fromObject(value: object): LogsRequestMessage;
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
  let request: LogsRequestMessage;
  try {
    request =
      encoding === 'protobuf'
        ? ExportLogsServiceRequest.decode(asBuffer(bytes))
        : ExportLogsServiceRequest.fromObject(parseJsonObject(bytes));
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

/**
 * The same bytes as a Buffer, not copied. protobufjs reads a Buffer's strings with Node's native UTF-8
 * decoder and any other Uint8Array's with its own JavaScript one, which took most of a body's decoding; a
 * body that crossed to the activity worker arrives as a plain Uint8Array.
 */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function parseJsonObject(bytes: Uint8Array): object {
  const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error('the JSON is not an object');
  return value;
}

function attributesOf(list: readonly KeyValueMessage[] | null | undefined): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const { key, value } of list ?? []) if (key != null) out[key] = valueOf(value);
  return out;
}

function valueOf(value: AnyValueMessage | null | undefined): AttributeValue {
  if (value == null) return undefined;
  if (value.stringValue != null) return value.stringValue;
  if (value.boolValue != null) return value.boolValue;
  if (value.intValue != null) return toNumber(value.intValue);
  if (value.doubleValue != null) return value.doubleValue;
  if (value.arrayValue != null) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function toNumber(value: Exclude<Int64, null | undefined>): number {
  return typeof value === 'object' ? value.toNumber() : Number(value);
}

function nanosToMs(nanos: Int64): number | undefined {
  if (nanos == null) return undefined;
  // Whole milliseconds, divided as integers: a nanosecond count is past what a double holds exactly.
  const ms = typeof nanos === 'object' ? nanos.div(1_000_000).toNumber() : Math.floor(Number(nanos) / 1e6);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
