import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let dev: TestApp;
let production: TestApp;
beforeAll(async () => {
  dev = await createTestApp();
  production = await createTestApp({ config: { production: true } });
});
afterAll(async () => {
  await dev.close();
  await production.close();
});

describe('development mailbox', () => {
  it('shows the outbox with clickable links, escaped', async () => {
    await dev.mailer.queue({
      to: 'anna@test.se',
      locale: 'sv-SE',
      name: '<b>Anna</b>',
      template: 'password_reset',
      params: { link: 'http://localhost:3000/admin/reset-password/abc', minutes: 60 },
    });
    const page = await dev.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Välj nytt lösenord – Ansökningsportalen');
    expect(page.body).toContain('<a href="http://localhost:3000/admin/reset-password/abc">');
    expect(page.body).toContain('&#60;b&#62;Anna');
    expect(page.body).not.toContain('<b>Anna</b>');
  });

  it('does not exist in production', async () => {
    const page = await production.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).not.toContain('Development mailbox');
    expect(production.app.routeAccess.some((r) => r.url === '/dev/mailbox')).toBe(false);
  });
});
