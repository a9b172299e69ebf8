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

/**
 * What the process tests and benchmarks run the app with: listening on loopback at `port`, its files in `dataDir`, no
 * demo, warnings only; `env` adds to it (DATABASE_URL, or EMBEDDED_DB_PORT for the embedded server, NODE_ENV …).
 */
export function appEnv(port: number, dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Required in production; a test's own, so no start makes a file of it.
    AUTH_SECRET: 'test-auth-secret-of-at-least-32-characters',
    ...env,
  };
}

/** Signs a staff user in through the API at `base`; the Cookie header of the session. */
export async function staffSession(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ data: { email, password } }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The server as `npm start` runs it in development: its TypeScript sources through tsx. */
const sources = ['--import', 'tsx', 'server/main.ts'];
/** The server as `NODE_ENV=production npm start` runs it: compiled by `npm run build` (scripts/build-server.mjs). */
export const compiledServer = ['dist/server/main.js'];

/**
 * Runs the server (`server/main.ts` as `npm start` does in development, or `compiledServer`), with `env` added, and
 * resolves once it says it is ready.
 */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = [], server = sources): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...server], {
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
