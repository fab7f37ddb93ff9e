import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./serverProcess.ts', import.meta.url));

/** A server process of its own (serverProcess.ts) on the shared database. */
export interface ServerChild {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** What it wrote so far, for a failed test's message. */
  output(): string;
  stop(): Promise<void>;
}

export function startServerChild(env: Record<string, string>): Promise<ServerChild> {
  const child: ChildProcess = fork(SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const failed = (code: number | null, signal: string | null) =>
      reject(new Error(`a server exited (${code ?? signal}) before listening:\n${log}`));
    child.once('exit', failed);
    child.on('message', (message: { url?: string }) => {
      if (!message.url) return;
      child.off('exit', failed);
      resolve({
        url: message.url,
        output: () => log,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
