import { isDatabaseUnavailable } from './connect.js';

/**
 * What the process does with a rejected promise that nothing awaited. One that says the database cannot be reached is
 * logged and the process goes on: an outage of the database is the server's state, answered with 503s, and a library
 * may leave a statement unawaited (pg-boss 10 marks a job done or failed so: the start's base backup, cut short by a
 * dead postmaster, ended the app when that mark was refused; the job stays active until it expires, then runs again).
 * Any other is a bug, and ends the process as Node's default does.
 */
export function outliveDatabaseOutages(warn: (details: unknown, message: string) => void) {
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    warn({ err: reason }, 'A database statement that nothing awaited failed while the database was unreachable');
  });
}
