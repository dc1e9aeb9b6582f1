import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameError, FrameReader, OPCODE } from './websocket-frames';

/** A frame as a server sends it: unmasked. */
function serverFrame(opcode: number, payload: Buffer, fin = true): Buffer {
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([(fin ? 0x80 : 0) | opcode, length])
      : length < 65_536
        ? Buffer.from([(fin ? 0x80 : 0) | opcode, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, 127]), bigLength(length)]);
  return Buffer.concat([head, payload]);
}

function bigLength(length: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(length));
  return bytes;
}

describe('WebSocket framing', () => {
  it('masks what the client sends, at each length encoding', () => {
    const mask = Buffer.from([1, 2, 3, 4]);
    for (const size of [0, 125, 126, 65_535, 65_536]) {
      const payload = Buffer.alloc(size, 'a');
      const frame = encodeFrame(OPCODE.text, payload, mask);
      expect(frame[0]).toBe(0x81);
      expect(frame[1]! & 0x80).toBe(0x80);
      const offset = size < 126 ? 2 : size < 65_536 ? 4 : 10;
      const unmasked = frame.subarray(offset + 4).map((byte, i) => byte ^ mask[i % 4]!);
      expect(Buffer.from(unmasked).equals(payload)).toBe(true);
    }
  });

  it('reads frames however the stream is cut', () => {
    const frames = [
      serverFrame(OPCODE.text, Buffer.from('{"a":1}')),
      serverFrame(OPCODE.ping, Buffer.from('p')),
      serverFrame(OPCODE.text, Buffer.alloc(300, 'b')),
      serverFrame(OPCODE.text, Buffer.alloc(70_000, 'c')),
    ];
    const stream = Buffer.concat(frames);
    for (const step of [1, 7, 1_000, stream.length]) {
      const reader = new FrameReader(1 << 20);
      const read = [];
      for (let at = 0; at < stream.length; at += step)
        read.push(...reader.push(stream.subarray(at, at + step)));
      expect(read.map((frame) => [frame.opcode, frame.payload.length])).toEqual([
        [OPCODE.text, 7],
        [OPCODE.ping, 1],
        [OPCODE.text, 300],
        [OPCODE.text, 70_000],
      ]);
    }
  });

  it('keeps the fin bit of a fragment', () => {
    const [frame] = new FrameReader(100).push(serverFrame(OPCODE.text, Buffer.from('{"a":'), false));
    expect(frame).toMatchObject({ fin: false, opcode: OPCODE.text });
  });

  it('refuses what a server must never send, and frames over the limit', () => {
    const masked = Buffer.from([0x81, 0x81, 0, 0, 0, 0, 0x61]);
    expect(() => new FrameReader(100).push(masked)).toThrow(FrameError);
    expect(() => new FrameReader(100).push(Buffer.from([0xc1, 0x00]))).toThrow(FrameError);
    expect(() => new FrameReader(100).push(serverFrame(OPCODE.text, Buffer.alloc(101)))).toThrow(FrameError);
    const huge = Buffer.concat([
      Buffer.from([0x81, 127]),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ]);
    expect(() => new FrameReader(100).push(huge)).toThrow(FrameError);
  });
});
