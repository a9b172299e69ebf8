/**
 * npm run db:seed -- --demo                 the demo data (only into a database without staff users)
 * npm run db:seed -- --admin you@example.se  a first administrator, who gets an e-mail to choose a password
 */
import { loadConfig } from '../config.js';
import { sendPasswordLink } from '../auth/passwordLinks.js';
import { startRuntime } from '../runtime.js';
import { openDatabase } from '../db/index.js';
import { DEMO_PASSWORD, demoLogins, seedDemo } from './demo.js';
import { openFileStorage } from '../backups/openFileStorage.js';

const args = process.argv.slice(2);
const adminEmail = args.includes('--admin') ? args[args.indexOf('--admin') + 1] : null;
if (!args.includes('--demo') && !adminEmail) {
  console.log('Usage: npm run db:seed -- --demo | --admin <e-mail>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config, console.log);
let failed = false;
try {
  if (args.includes('--demo')) {
    if (await seedDemo(database.db, new Date(), await openFileStorage(config))) {
      console.log(`Demo data created. Staff logins (password "${DEMO_PASSWORD}"): ${demoLogins.map((l) => l.email).join(', ')}`);
    } else {
      console.log('The database already has staff users; the demo data was not added.');
    }
  }
  if (adminEmail) {
    const user = await database.db
      .insertInto('users')
      .values({ first_name: 'Admin', last_name: '', email: adminEmail, role: 'admin' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    // This command only queues; the mail is sent here and now rather than by a running server's queue, whose job
    // finds it sent.
    const runtime = await startRuntime({
      db: database.db,
      config,
      log: { info: console.log, warn: console.warn },
      work: false,
      supervise: false,
    });
    const link = await sendPasswordLink(
      database.db,
      runtime.mailer,
      { ...user, first_name: 'Admin', locale: 'sv-SE' },
      { publicUrl: config.publicUrl, minutes: config.passwordResetMinutes, template: 'password_reset' },
    );
    const mail = await database.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await runtime.mailer.deliver(mail.id);
    await runtime.stop();
    console.log(`Administrator ${user.email} created. Choose a password within ${config.passwordResetMinutes} minutes at:\n${link}`);
  }
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
