import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs `code` (an ES module, TypeScript imports allowed) in a process of its own; its exit code and output. */
function runProcess(code: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (exitCode) => resolve({ code: exitCode, output })));
}

describe('a rejected promise that nothing awaited', () => {
  it('is logged when it says the database is unreachable, and the process goes on; any other still ends it', async () => {
    const guard = new URL('./outageRejections.ts', import.meta.url).href;
    const { code, output } = await runProcess(`
      const { outliveDatabaseOutages } = await import(${JSON.stringify(guard)});
      outliveDatabaseOutages((details, message) => console.log('warned:', message, details.err.code));
      // As pg-boss marks a job done or failed: a statement nobody awaits, refused by a database that is away.
      void Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      setTimeout(() => {
        console.log('still running');
        void Promise.reject(new Error('a bug of the app'));
      }, 50);
      setTimeout(() => console.log('not reached'), 5000);
    `);
    expect(output).toContain('warned: A database statement that nothing awaited failed while the database was unreachable ECONNREFUSED');
    expect(output).toContain('still running');
    expect(output).toContain('Error: a bug of the app');
    expect(output).not.toContain('not reached');
    expect(code).toBe(1);
  });
});
