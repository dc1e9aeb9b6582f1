/**
 * The RFC 6455 framing a client needs, and nothing else: the hook speaks WebSocket over TCP itself
 * because the `ws` package alone costs it more start-up time than all of its own work.
 */
export const OPCODE = { continuation: 0, text: 1, close: 8, ping: 9, pong: 10 } as const;

export interface Frame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

export class FrameError extends Error {}

/** One unfragmented client frame; a client masks everything it sends. */
export function encodeFrame(opcode: number, payload: Buffer, mask: Buffer): Buffer {
  const length = payload.length;
  const lengthBytes = length < 126 ? 0 : length < 65_536 ? 2 : 8;
  const offset = 2 + lengthBytes + 4;
  const frame = Buffer.allocUnsafe(offset + length);
  frame[0] = 0x80 | opcode;
  if (lengthBytes === 0) frame[1] = 0x80 | length;
  else if (lengthBytes === 2) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  mask.copy(frame, offset - 4, 0, 4);
  for (let i = 0; i < length; i += 1) frame[offset + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}

/**
 * Cuts the console's byte stream into frames. Chunks are joined only once a whole frame is there, so a
 * multi-megabyte frame is copied once rather than once per chunk.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private total = 0;

  constructor(private readonly maxPayload: number) {}

  push(chunk: Buffer): Frame[] {
    this.chunks.push(chunk);
    this.total += chunk.length;
    const frames: Frame[] = [];
    for (let frame = this.take(); frame; frame = this.take()) frames.push(frame);
    return frames;
  }

  private take(): Frame | undefined {
    if (this.total < 2) return undefined;
    const head = this.chunks[0]!.length >= 14 ? this.chunks[0]! : this.flatten();
    const first = head[0]!;
    const second = head[1]!;
    if (second & 0x80) throw new FrameError('the console sent a masked frame');
    if (first & 0x70) throw new FrameError('the console sent a frame with reserved bits set');
    let length = second & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (head.length < 4) return undefined;
      length = head.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (head.length < 10) return undefined;
      const long = head.readBigUInt64BE(2);
      length = long > BigInt(this.maxPayload) ? Number.POSITIVE_INFINITY : Number(long);
      offset = 10;
    }
    if (length > this.maxPayload)
      throw new FrameError('the console sent a frame larger than the hook accepts');
    if (this.total < offset + length) return undefined;
    const all = this.flatten();
    const rest = all.subarray(offset + length);
    this.chunks = rest.length ? [rest] : [];
    this.total = rest.length;
    return {
      fin: (first & 0x80) !== 0,
      opcode: first & 0x0f,
      payload: all.subarray(offset, offset + length),
    };
  }

  private flatten(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.total)];
    return this.chunks[0]!;
  }
}
