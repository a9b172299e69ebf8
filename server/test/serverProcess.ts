import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Whether it is still running. */
  alive(): boolean;
  /** SIGTERM (a clean stop, which also stops an embedded PostgreSQL) or SIGKILL, and waits until it has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Runs `server/main.ts` as `npm start` does, with `env` added, and resolves once it says it is ready. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[start] Ready')) resolve();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`)));
  });
  return {
    child,
    output: () => output,
    alive,
    async stop(signal = 'SIGTERM') {
      if (alive()) child.kill(signal);
      await exited;
    },
  };
}
