import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

let built: Promise<unknown> | undefined;

/** Compiles the server into dist-server/ as `npm start` does, once per bench run. */
export function buildServer(): Promise<unknown> {
  built ??= build({ root, configFile: `${root}vite.server.config.ts`, logLevel: 'warn' });
  return built;
}

/** A running compiled server (`node dist-server/main.js`, what `npm start` runs), on a port of its own. */
export interface ServerProcess {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

/** Starts the server with `env` on top of this process's, and resolves once it is healthy. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  await buildServer();
  const port = 18_000 + Math.floor(Math.random() * 2_000);
  // BENCH_SERVER_NODE_ARGS: node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=…`
  // to profile it under a part's load (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist-server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/api/uk/health`, Date.now() + 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid!, stop };
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}
