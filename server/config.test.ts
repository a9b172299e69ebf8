import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** What production requires beside the setting a test is about. */
const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('SEED_DEMO', () => {
  const seeds = (env: Record<string, string>) => loadConfig({ AUTH_SECRET: secret, ...env }).seedDemo;

  it('seeds the embedded database by default, but not in production or into DATABASE_URL', () => {
    expect(seeds({})).toBe(true);
    expect(seeds({ NODE_ENV: 'test' })).toBe(true);
    expect(seeds({ NODE_ENV: 'production' })).toBe(false);
    expect(seeds({ DATABASE_URL: 'postgres://app:pw@db.example.se/app' })).toBe(false);
  });

  it('seeds in production only when SEED_DEMO=true is set, and SEED_DEMO=false always wins', () => {
    expect(seeds({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toBe(true);
    expect(seeds({ NODE_ENV: 'production', SEED_DEMO: '' })).toBe(false);
    expect(seeds({ SEED_DEMO: 'false' })).toBe(false);
  });

  it('refuses any other value, naming the setting', () => {
    for (const value of ['1', 'yes', 'TRUE', 'no']) {
      expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, SEED_DEMO: value })).toThrow(
        `SEED_DEMO must be true or false, got "${value}"`,
      );
    }
  });
});

describe('FOLLOWUP_DUE_DAYS and FOLLOWUP_REMINDER_DAYS', () => {
  it('default to 30 and 14 days', () => {
    const config = loadConfig({});
    expect([config.followupDueDays, config.followupReminderDays]).toEqual([30, 14]);
  });

  it('take a whole number of days for the due date, and a fraction of a day for the reminder', () => {
    const config = loadConfig({ FOLLOWUP_DUE_DAYS: '365', FOLLOWUP_REMINDER_DAYS: '0.0002' });
    expect([config.followupDueDays, config.followupReminderDays]).toEqual([365, 0.0002]);
    expect(loadConfig({ FOLLOWUP_REMINDER_DAYS: '365' }).followupReminderDays).toBe(365);
  });

  it('refuse values out of range, naming the setting', () => {
    for (const value of ['0', '366', '1.5', 'abc', '-3'])
      expect(() => loadConfig({ FOLLOWUP_DUE_DAYS: value })).toThrow(
        `FOLLOWUP_DUE_DAYS must be a whole number from 1 to 365, got "${value}"`,
      );
    for (const value of ['0', '-1', '365.5', 'abc', 'Infinity'])
      expect(() => loadConfig({ FOLLOWUP_REMINDER_DAYS: value })).toThrow(
        `FOLLOWUP_REMINDER_DAYS must be a number above 0 and at most 365, got "${value}"`,
      );
  });
});

describe('FILE_STORAGE and AWS_S3_FORCE_PATH_STYLE', () => {
  it('keep files in DATA_DIR/uploads by default, or in the bucket and prefix named', () => {
    expect(loadConfig({})).toMatchObject({ fileStorage: null, s3ForcePathStyle: false });
    expect(loadConfig({ FILE_STORAGE: 's3://ansok-filer/prod', AWS_S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      fileStorage: 's3://ansok-filer/prod',
      s3ForcePathStyle: true,
    });
  });

  it('refuse what is not an s3:// address or true/false, naming the setting', () => {
    for (const value of ['/var/files', 's3://', 'http://bucket/x', 's3://UPPER/x'])
      expect(() => loadConfig({ FILE_STORAGE: value })).toThrow('FILE_STORAGE must be s3://bucket or s3://bucket/prefix');
    expect(() => loadConfig({ AWS_S3_FORCE_PATH_STYLE: 'yes' })).toThrow('AWS_S3_FORCE_PATH_STYLE');
  });
});

describe('BACKUP_DIR and BACKUP_KEEP_DAYS', () => {
  it('keep the embedded database backups in DATA_DIR/backups for 14 days by default, or where and as long as told', () => {
    expect(loadConfig({ DATA_DIR: '/srv/ansok' })).toMatchObject({ backupDir: '/srv/ansok/backups', backupKeepDays: 14 });
    expect(loadConfig({ DATA_DIR: '/srv/ansok', BACKUP_DIR: '/mnt/backup/ansok', BACKUP_KEEP_DAYS: '30' })).toMatchObject({
      backupDir: '/mnt/backup/ansok',
      backupKeepDays: 30,
    });
  });

  it('are none with DATABASE_URL, whose backups are its provider’s', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', BACKUP_DIR: '/mnt/backup' }).backupDir).toBeNull();
  });

  it('refuse a number of days out of range', () => {
    for (const value of ['0', '1.5', 'abc'])
      expect(() => loadConfig({ BACKUP_KEEP_DAYS: value })).toThrow(
        `BACKUP_KEEP_DAYS must be a whole number from 1 to 3650, got "${value}"`,
      );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
  });

  it('takes the proxies’ addresses and CIDRs, as Fastify’s trustProxy does', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1 ,fd00::/8,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses anything else, naming the setting: never every sender of the header, nor a number of hops', () => {
    for (const value of ['true', 'false', '*', 'proxy.example.se', '10.0.0.0/33', '::1/129', '10.0.0', '10.0.0.1/8/2', '10.0.0.1,', '1.5'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        `TRUST_PROXY must be the proxies' addresses or CIDRs separated by commas (or loopback, linklocal, uniquelocal), got "${value}"`,
      );
    for (const value of ['1', '2'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY takes the proxies' addresses or CIDRs, not a number of hops`);
  });
});

describe('METRICS_TOKEN, METRICS_PORT and METRICS_HOST', () => {
  it('serve no metrics by default, and loopback when only a port is given', () => {
    const config = loadConfig({});
    expect([config.metricsToken, config.metricsPort, config.metricsHost]).toEqual([null, null, '127.0.0.1']);
    const both = loadConfig({ METRICS_TOKEN: 'a-scraper-token-0123', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.7' });
    expect([both.metricsToken, both.metricsPort, both.metricsHost]).toEqual(['a-scraper-token-0123', 9464, '10.0.0.7']);
  });

  it('refuse a short token, a port out of range and the app’s own port, naming the setting', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters, got 5');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be a whole number from 1 to 65535, got "70000"');
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow('METRICS_PORT must differ from PORT (3000)');
  });
});

describe('AUTH_SECRET and STAFF_2FA', () => {
  it('require a secret of 32 characters or more in production, and none elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('AUTH_SECRET must be set in production');
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow('AUTH_SECRET must be at least 32 characters, got 5');
    expect(loadConfig({}).authSecret).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).authSecret).toBe(secret);
  });

  it('make the second factor required in production and optional elsewhere, unless told', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).staffTwoFactor).toBe('required');
    expect(loadConfig({}).staffTwoFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, STAFF_2FA: 'optional' }).staffTwoFactor).toBe('optional');
    expect(loadConfig({ STAFF_2FA: 'required' }).staffTwoFactor).toBe('required');
    expect(() => loadConfig({ STAFF_2FA: 'yes' })).toThrow('STAFF_2FA must be required or optional, got "yes"');
  });
});

describe('OIDC_* and STAFF_OIDC_*', () => {
  const provider = { OIDC_ISSUER: 'https://broker.example.se', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's3cret' };

  it('offer no provider by default, and one with its scopes, claim and name when the three are set', () => {
    expect(loadConfig({}).applicantOidc).toBeNull();
    expect(loadConfig({}).staffOidc).toBeNull();
    expect(loadConfig(provider).applicantOidc).toEqual({
      issuer: 'https://broker.example.se',
      clientId: 'portal',
      clientSecret: 's3cret',
      scopes: 'openid profile email',
      personalNumberClaim: null,
      displayName: 'BankID',
    });
    const named = loadConfig({ ...provider, OIDC_SCOPES: 'openid ssn', OIDC_PERSONAL_NUMBER_CLAIM: 'ssn', OIDC_NAME: 'Freja eID' });
    expect(named.applicantOidc).toMatchObject({ scopes: 'openid ssn', personalNumberClaim: 'ssn', displayName: 'Freja eID' });
    expect(
      loadConfig({ STAFF_OIDC_ISSUER: 'https://login.example.se', STAFF_OIDC_CLIENT_ID: 'a', STAFF_OIDC_CLIENT_SECRET: 'b' }).staffOidc,
    ).toMatchObject({ issuer: 'https://login.example.se', displayName: 'SSO' });
  });

  it('refuse a part of the three alone, scopes without openid, and http but on this machine outside production', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://broker.example.se' })).toThrow(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not at all',
    );
    expect(() => loadConfig({ ...provider, OIDC_SCOPES: 'profile email' })).toThrow('OIDC_SCOPES must include openid');
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'http://broker.example.se' })).toThrow('OIDC_ISSUER must be an https URL');
    expect(loadConfig({ ...provider, OIDC_ISSUER: 'http://localhost:4000' }).applicantOidc?.issuer).toBe('http://localhost:4000');
    expect(() => loadConfig({ ...provider, NODE_ENV: 'production', AUTH_SECRET: secret, OIDC_ISSUER: 'http://localhost:4000' })).toThrow(
      'OIDC_ISSUER must be an https URL',
    );
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'not a url' })).toThrow('OIDC_ISSUER must be an absolute URL');
  });
});
