import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicant } from '../test/handlingFixtures.js';
import { createStaff, createTestApp, type TestApp } from '../test/testApp.js';
import { storeLoginLink } from './loginLinks.js';
import { createSession, findApplicant } from './sessions.js';
import { sweepExpired } from './expiry.js';
import { hashToken, newToken } from '../tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hour = 3600_000;

describe('the expiry sweep', () => {
  it('deletes expired sessions, links, second-factor challenges, e-ID sign-ins and day-old sign-in failures, and keeps the rest', async () => {
    const applicant = await createApplicant(t.db, 'sweep@test.se');
    const staff = await createStaff(t.db, 'admin', 'sweep-admin@test.se');
    const live = await createSession(t.db, 'applicant', applicant, 3600);
    const expired = await createSession(t.db, 'applicant', applicant, 3600);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - hour) })
      .where('token_hash', '=', hashToken(expired))
      .execute();
    const oldLink = newToken();
    await storeLoginLink(t.db, applicant, oldLink, 2);
    await t.db
      .updateTable('login_links')
      .set({ expires_at: new Date(Date.now() - hour) })
      .where('token_hash', '=', hashToken(oldLink))
      .execute();
    // A newer link beside the expired one.
    await storeLoginLink(t.db, applicant, newToken(), 2);
    await t.db
      .insertInto('password_resets')
      .values([
        { user_id: staff, token_hash: hashToken(newToken()), expires_at: new Date(Date.now() - hour) },
        { user_id: staff, token_hash: hashToken(newToken()), expires_at: new Date(Date.now() + hour) },
      ])
      .execute();
    // A sign-in that waited for its second factor too long, and one still waiting.
    await t.db
      .insertInto('sign_in_challenges')
      .values([
        { user_id: staff, token_hash: hashToken(newToken()), purpose: 'verify', expires_at: new Date(Date.now() - hour) },
        { user_id: staff, token_hash: hashToken(newToken()), purpose: 'enrol', expires_at: new Date(Date.now() + hour) },
      ])
      .execute();
    // An OpenID Connect sign-in left at the provider, one under way, and an e-ID identity that waited for an e-mail in vain.
    const flow = (expires_at: Date) => ({
      state_hash: hashToken(newToken()),
      audience: 'applicant' as const,
      code_verifier: 'v',
      nonce: 'n',
      expires_at,
    });
    await t.db
      .insertInto('oidc_flows')
      .values([flow(new Date(Date.now() - hour)), flow(new Date(Date.now() + hour))])
      .execute();
    await t.db
      .insertInto('oidc_pending')
      .values({ token_hash: hashToken(newToken()), issuer: 'https://e-id.test', subject: 'sweep', expires_at: new Date(Date.now() - hour) })
      .execute();
    await t.db
      .insertInto('login_attempts')
      .values([
        { scope: 'staff', email: 'sweep-admin@test.se', ip: '10.0.0.1', attempted_at: new Date(Date.now() - 25 * hour) },
        { scope: 'staff', email: 'sweep-admin@test.se', ip: '10.0.0.1' },
      ])
      .execute();

    expect(await sweepExpired(t.db, new Date())).toEqual({
      sessions: 1,
      login_links: 1,
      password_resets: 1,
      oidc_flows: 1,
      oidc_pending: 1,
      sign_in_challenges: 1,
      login_attempts: 1,
    });
    expect(await t.db.selectFrom('sign_in_challenges').select('purpose').where('user_id', '=', staff).execute()).toEqual([
      { purpose: 'enrol' },
    ]);
    expect(await findApplicant(t.db, live)).not.toBeNull();
    expect(await t.db.selectFrom('login_links').select('id').where('frontend_user_id', '=', applicant).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('login_attempts').select('id').where('email', '=', 'sweep-admin@test.se').execute()).toHaveLength(1);
    // Nothing more the next time.
    expect(await sweepExpired(t.db, new Date())).toEqual({
      sessions: 0,
      login_links: 0,
      password_resets: 0,
      oidc_flows: 0,
      oidc_pending: 0,
      sign_in_challenges: 0,
      login_attempts: 0,
    });
  });

  it('runs as a job of the queue', async () => {
    const applicant = await createApplicant(t.db, 'sweep-job@test.se');
    const expired = await createSession(t.db, 'applicant', applicant, 3600);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - hour) })
      .where('token_hash', '=', hashToken(expired))
      .execute();
    await t.jobs.send('expiry-sweep');
    await expect
      .poll(async () => (await t.db.selectFrom('sessions').select('id').where('frontend_user_id', '=', applicant).execute()).length, {
        timeout: 10_000,
      })
      .toBe(0);
  });
});
