import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/connect.js';
import { createDatabase, startEmbeddedPostgres } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { startJobs } from '../jobs/queue.js';

export const TEMPLATE = 'app_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

/**
 * Starts one embedded PostgreSQL for the API tests (or uses TEST_DATABASE_URL, a maintenance database URL of a
 * server where databases may be created) and migrates a template that every test file clones.
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-tests-'));
    const server = await startEmbeddedPostgres({ dataDir });
    adminUrl = server.adminUrl;
    stop = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await client.end();
  await createDatabase(adminUrl, TEMPLATE);
  const db = connect(withDatabase(adminUrl, TEMPLATE), () => {});
  await migrate(db);
  // The job queue's schema and queues too, so each test file's clone starts its queue without creating them.
  await (await startJobs({ db, log: console, supervise: false })).stop();
  await db.destroy();
  project.provide('adminUrl', adminUrl);
  return stop;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
