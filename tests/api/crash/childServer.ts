import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./serverProcess.ts', import.meta.url));

/** Where the child's database lives: a PostgreSQL URL, or an embedded database's directory. */
export type ChildDatabase = { databaseUrl: string } | { dataDir: string };

/** The real server in a child process (serverProcess.ts), which a test may kill outright. */
export class ChildServer {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve(rows: unknown[]): void; reject(error: Error): void }
  >();
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly log: { text: string },
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    child.on('message', (message: { id?: number; rows?: unknown[]; error?: string }) => {
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve(message.rows ?? []);
    });
  }

  /** Starts the server on `database` and resolves once it listens (or rejects with its output). */
  static start(database: ChildDatabase, env: Record<string, string>): Promise<ChildServer> {
    const child = fork(SCRIPT, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        ...env,
        CRASH_DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '',
        CRASH_DATA_DIR: 'dataDir' in database ? database.dataDir : '',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const log = { text: '' };
    const collect = (chunk: Buffer) => {
      log.text += chunk.toString();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    return new Promise((resolve, reject) => {
      const failed = (code: number | null, signal: string | null) =>
        reject(new Error(`the server exited (${code ?? signal}) before listening:\n${log.text}`));
      child.once('exit', failed);
      child.on('message', (message: { url?: string }) => {
        if (!message.url) return;
        child.off('exit', failed);
        resolve(new ChildServer(child, message.url, log));
      });
    });
  }

  /** What the child wrote so far, for the message of a failed test. */
  get output(): string {
    return this.log.text;
  }

  /** Runs SQL on the server's own database handle. */
  query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const id = (this.nextId += 1);
    return new Promise<T[]>((resolve, reject) => {
      this.pending.set(id, { resolve: (rows) => resolve(rows as T[]), reject });
      this.child.send({ id, sql, params });
    });
  }

  /** kill -9: no shutdown, no flushing, requests and payments cut off wherever they are. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A graceful stop (SIGTERM): in-flight requests finish and the database is closed. */
  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }
}
