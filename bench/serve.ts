import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts `command` with env, and resolves with the milliseconds until GET /api/v1/health first answers 200, and what
 * it has printed so far.
 */
export async function startAndTime(
  command: string[],
  env: Record<string, string>,
  port: number,
): Promise<{ ms: number; child: ChildProcess; output: () => string }> {
  const started = performance.now();
  // Its own process group, so that stop() reaches npm, tsx and the server alike.
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.ok) return { ms: performance.now() - started, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  process.kill(-child.pid!, 'SIGTERM');
  throw new Error('the server did not answer within 120 s');
}

/** SIGTERM to the whole process group, as Ctrl-C would, and wait until every process of it has ended. */
export async function stop(child: ChildProcess): Promise<void> {
  process.kill(-child.pid!, 'SIGTERM');
  for (let waited = 0; waited < 30_000; waited += 50) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return; // the group is gone
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not stop within 30 s');
}

/**
 * The resident memory, in MB, of the Node processes of the child's group (npm, tsx's launcher and the server; not the
 * embedded PostgreSQL): the largest, which is the server, and all of them together.
 */
export function memoryOf(child: ChildProcess): { server: number; all: number } {
  const rows = execFileSync('ps', ['-eo', 'pgid=,rss=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pgid, , comm]) => Number(pgid) === child.pid && !/postgres|^sh$/.test(comm))
    .map(([, rss]) => Number(rss) / 1024);
  return { server: Math.max(0, ...rows), all: rows.reduce((sum, mb) => sum + mb, 0) };
}
