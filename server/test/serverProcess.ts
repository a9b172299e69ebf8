import { spawn, type ChildProcess } from 'node:child_process';
import { createSession } from '../auth/sessions.js';
import type { Db } from '../db/connect.js';
import { completeAnswers, validAnswers } from './handlingFixtures.js';

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

/**
 * An applicant of their own (`email`), signed in, with a draft of the demo's open period started and filled in
 * completely through the API at `base`, ready to be sent in.
 */
export async function completeDraft(base: string, db: Db, email: string) {
  const { id } = await db
    .insertInto('frontend_users')
    .values({ email, first_name: 'Kim', last_name: 'Klar', phone: '070-123 45 67', verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cookie = `applicant_session=${await createSession(db, 'applicant', id, 3600)}`;
  const period = await db.selectFrom('periods').select('id').where('closed', '=', false).orderBy('id').executeTakeFirstOrThrow();
  const type = await db
    .selectFrom('period_application_types')
    .select('application_type_id')
    .where('period_id', '=', period.id)
    .orderBy('application_type_id')
    .executeTakeFirstOrThrow();
  const api = (method: string, url: string, data: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
      body: JSON.stringify({ data }),
    });
  const started = await api('POST', '/portal/applications', { period_id: period.id, application_type_id: type.application_type_id });
  if (started.status !== 201) throw new Error(`could not start a draft: ${started.status} ${await started.text()}`);
  const draft = ((await started.json()) as { data: { uuid: string; questions: Parameters<typeof validAnswers>[0] } }).data;
  const saved = await api('PUT', `/portal/applications/${draft.uuid}`, {
    ...completeAnswers(email),
    definitions: validAnswers(draft.questions),
  });
  if (saved.status !== 200) throw new Error(`could not fill the draft in: ${saved.status} ${await saved.text()}`);
  return { cookie, uuid: draft.uuid, periodId: period.id };
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
