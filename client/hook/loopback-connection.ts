/**
 * The hook's TCP connection to the console, over node:net. The interface is narrower than a socket's so
 * that hook-socket.ts sees one listener for bytes and one promise for the end, whatever the peer does.
 */
export interface LoopbackConnection {
  /** Queues bytes; they go out in order. Does nothing once the connection is over. */
  write(bytes: Uint8Array): void;
  /** Who gets the bytes from now on (one listener: the handshake's, then the frame reader's). */
  receive(listener: (chunk: Buffer) => void): void;
  /** Sends what is queued, then the end of the stream; the connection is over once the peer closes too. */
  end(): void;
  /** Over at once: nothing more is sent or received. */
  destroy(): void;
  /** Settles once, when the connection is over, whoever ended it and however. */
  readonly closed: Promise<void>;
  readonly isOpen: boolean;
}

/** Connects to a loopback address; rejects with an Error whose message says why it could not. */
export async function connectLoopback(host: string, port: number): Promise<LoopbackConnection> {
  // Loaded here: with no console running the hook never connects, and node:net with node:stream is
  // about 4 ms of its start-up (bench/hook).
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    // Each frame goes out at once: Nagle's algorithm would hold the request behind the upgrade's ACK.
    const socket = connect({ host, port, noDelay: true });
    let listener: (chunk: Buffer) => void = () => undefined;
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    // After the connect, an error only ends the connection, which `closed` reports.
    socket.on('error', (error) => reject(new Error(error.message)));
    socket.on('data', (chunk: Buffer) => listener(chunk));
    socket.once('connect', () =>
      resolve({
        write: (bytes) => {
          if (socket.writable) socket.write(bytes);
        },
        receive(next) {
          listener = next;
        },
        end: () => socket.end(),
        destroy: () => socket.destroy(),
        closed,
        get isOpen() {
          return !socket.destroyed;
        },
      }),
    );
  });
}
