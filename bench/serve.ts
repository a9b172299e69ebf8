import { spawn, type ChildProcess } from 'node:child_process';

/** Starts `command` with env, and resolves with the milliseconds until GET /api/v1/health first answers 200. */
export async function startAndTime(
  command: string[],
  env: Record<string, string>,
  port: number,
): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  // Its own process group, so that stop() reaches npm, tsx and the server alike.
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.ok) return { ms: performance.now() - started, child };
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
