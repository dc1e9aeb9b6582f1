/**
 * Cuts a byte stream into newline-terminated lines without copying what it forwards: each line keeps its
 * own bytes, newline included, so a line the proxy does not handle goes on exactly as it came. A line cut
 * across chunks is held until its newline arrives, so nothing the proxy writes can land inside it.
 */
const NEWLINE = 0x0a;

export class LineSplitter {
  private held: Buffer[] = [];

  /** The complete lines this chunk finishes, in order. */
  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end + 1);
      lines.push(this.held.length > 0 ? Buffer.concat([...this.held, piece]) : piece);
      this.held = [];
      start = end + 1;
    }
    if (start < chunk.length) this.held.push(chunk.subarray(start));
    return lines;
  }

  /** What is left without a newline when the stream ends, or undefined. */
  end(): Buffer | undefined {
    const rest = this.held.length > 0 ? Buffer.concat(this.held) : undefined;
    this.held = [];
    return rest;
  }
}
