import { connect, type Socket } from 'node:net';

/**
 * One keep-alive HTTP/1.1 connection of the load generator, one request at a time, for the
 * hold bench's buyers (bench/holdsApi.ts). The load generator shares the machine's two cores
 * with the API and PostgreSQL, so what it spends per call is taken from what it measures:
 * node:http's client spent 0.27 ms of CPU per hold call and undici's Pool 0.31 ms (measured in
 * the same bench, issue 26), about a fifth of a whole hold's CPU, where a client on a buyer's
 * phone costs the server nothing. This writes the request as one string and reads the answer's
 * status line, Content-Length and body, nothing else: enough for the API's JSON answers, which
 * always carry a Content-Length (a chunked or unframed answer is an error here, not guessed at).
 */
export class KeepAliveConnection {
  private readonly socket: Socket;
  private readonly ready: Promise<void>;
  private received: Buffer = Buffer.alloc(0);
  private waiting:
    { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;

  constructor(
    private readonly host: string,
    port: number,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.answerIfComplete();
    });
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  async post(path: string, headers: Record<string, string>, body: string): Promise<HttpAnswer> {
    await this.ready;
    if (this.failure) throw this.failure;
    if (this.waiting) throw new Error('one request at a time on a connection');
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + body);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private answerIfComplete(): void {
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const head = this.received.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) {
      this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const end = headEnd + 4 + Number(length);
    if (this.received.length < end) return;
    const body = this.received.toString('utf8', headEnd + 4, end);
    this.received = this.received.subarray(end);
    const { resolve, reject } = this.waiting;
    this.waiting = undefined;
    try {
      resolve({ status, body: JSON.parse(body) as unknown });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}
