import { isIP } from 'node:net';
import path from 'node:path';

/**
 * Every setting the server reads from the environment, with its default and a check.
 * README.md's settings table lists the same names: keep the two in step.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  embeddedDbPort: number | null;
  publicUrl: string;
  production: boolean;
  productName: string;
  apiPrefix: string;
  sessionLifetimeMinutes: number;
  passwordResetMinutes: number;
  loginLinkDays: number;
  /** Registrations and login-link requests an hour, per client address and per e-mail. */
  applicantLinksPerHour: number;
  /** Failed staff sign-ins an hour from one client address, whatever the accounts. */
  staffFailuresPerHour: number;
  /** How long the link in a mail about the dialogue (a message, the decision) signs the applicant in (DIALOGUE_LINK_DAYS). */
  dialogueLinkDays: number;
  smtpUrl: string | null;
  mailFrom: string;
  seedDemo: boolean;
  logLevel: string;
  /** The bearer token that lets a scraper read GET /metrics on the app's port (METRICS_TOKEN); null: not there. */
  metricsToken: string | null;
  /** A port of its own serving /metrics without a token (METRICS_PORT), on METRICS_HOST (loopback by default). */
  metricsPort: number | null;
  metricsHost: string;
  /** Largest uploaded file, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** The files one application may hold, and their size in all. */
  applicationFileCaps: { files: number; bytes: number };
  /** Days from a follow-up's request to its due date (FOLLOWUP_DUE_DAYS). */
  followupDueDays: number;
  /** Days from a follow-up's request to its one reminder, a fraction allowed (FOLLOWUP_REMINDER_DAYS). */
  followupReminderDays: number;
  /**
   * An applicant's download of their data whose files are larger in all than this, in bytes, is built by a job and
   * mailed rather than streamed at once (DATA_EXPORT_DIRECT_MB; 0: every download by the job).
   */
  dataExportDirectBytes: number;
  /** Where uploaded files are kept: null for DATA_DIR/uploads, or an S3-compatible store, s3://bucket/prefix (FILE_STORAGE). */
  fileStorage: string | null;
  /** Bucket/key paths rather than bucket host names, as MinIO and many S3-compatible servers want (AWS_S3_FORCE_PATH_STYLE). */
  s3ForcePathStyle: boolean;
  /**
   * The reverse proxies whose X-Forwarded-For names the client (TRUST_PROXY), as Fastify's `trustProxy` takes them: their
   * addresses and CIDRs; false (unset): the connection's own address, whatever the header says. The client address is
   * what the per-client limits count and the sign-in attempts record.
   */
  trustProxy: string[] | false;
  /**
   * Where the embedded database's backups go (BACKUP_DIR, default DATA_DIR/backups): its archived WAL, nightly base
   * backups and the uploaded files. Null with DATABASE_URL, whose backups are its provider's.
   */
  backupDir: string | null;
  /** Days to which a restore can go back (BACKUP_KEEP_DAYS); older backups are removed. */
  backupKeepDays: number;
  /**
   * The secret (AUTH_SECRET, at least 32 characters) that seals staff's second-factor secrets and keys the personal
   * numbers' hashes; the same on every server of one database. Required in production; elsewhere, when unset, one is
   * made and kept in DATA_DIR (server/auth/secrets.ts).
   */
  authSecret: string | null;
  /** Whether staff must use a second factor (STAFF_2FA): required by default in production, optional elsewhere. */
  staffTwoFactor: 'required' | 'optional';
  /** Applicants' sign-in through an OpenID Connect provider (a BankID or other e-ID broker), beside the e-mailed link. */
  applicantOidc: OidcSettings | null;
  /** Staff's single sign-on through the organisation's OpenID Connect provider (STAFF_OIDC_*). */
  staffOidc: OidcSettings | null;
}

/** One OpenID Connect provider the app signs people in through, as a relying party. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The scopes asked for, `openid` first. */
  scopes: string;
  /** The claim that holds the personal identity number, if the provider gives one. */
  personalNumberClaim: string | null;
  /** The provider's name on the sign-in button (e.g. BankID). */
  displayName: string;
}

type Env = Record<string, string | undefined>;

/** Where in a bucket: `s3://bucket/prefix` (the prefix may be empty). */
export function parseS3Location(location: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(location);
  if (!match) throw new Error(`FILE_STORAGE must be s3://bucket or s3://bucket/prefix, got "${location}"`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}

/** FILE_STORAGE: unset for the local folder, or s3://bucket/prefix. */
function fileStorage(env: Env): string | null {
  const raw = env.FILE_STORAGE?.trim();
  if (!raw) return null;
  parseS3Location(raw); // throws, naming the setting, unless it is one
  return raw;
}

/** proxy-addr's names for ranges (Fastify's trustProxy takes them beside addresses and CIDRs). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, with a CIDR prefix that fits it or not. */
function isAddressOrCidr(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset for none, or the proxies' addresses and CIDRs separated by commas (loopback, linklocal and
 * uniquelocal name their ranges). Never `true`, nor a number of hops (which Fastify 5.12 ignores): neither tells a proxy
 * from a client that sends the header itself, so every client could choose the address its limits count.
 */
function trustProxy(env: Env): string[] | false {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => PROXY_RANGES.includes(entry) || isAddressOrCidr(entry))) return entries;
  throw new Error(
    /^\d+$/.test(raw)
      ? `TRUST_PROXY takes the proxies' addresses or CIDRs, not a number of hops, which cannot tell a proxy from a client that sends X-Forwarded-For itself; got "${raw}"`
      : `TRUST_PROXY must be the proxies' addresses or CIDRs separated by commas (or loopback, linklocal, uniquelocal), got "${raw}"`,
  );
}

/** METRICS_TOKEN: long enough that guessing it is no way in (the metrics show the load and the queues). */
function metricsToken(env: Env): string | null {
  const token = text(env, 'METRICS_TOKEN');
  if (token !== null && token.length < 16) throw new Error(`METRICS_TOKEN must be at least 16 characters, got ${token.length}`);
  return token;
}

/** METRICS_PORT: unset for none; never the app's own port. */
function metricsPort(env: Env, port: number): number | null {
  if (!env.METRICS_PORT?.trim()) return null;
  const value = integer(env, 'METRICS_PORT', 0, 1, 65535);
  if (value === port) throw new Error(`METRICS_PORT must differ from PORT (${port})`);
  return value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A positive number that may have a fraction, at most `max` (so a setting in days can be tried in seconds). */
function positive(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new Error(`${name} must be a number above 0 and at most ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: Env, name: string): boolean | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
}

function text(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const production = env.NODE_ENV === 'production';
  const version = integer(env, 'API_VERSION', 1, 1, 99);
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const databaseUrl = text(env, 'DATABASE_URL');
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? 'data');
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    embeddedDbPort: env.EMBEDDED_DB_PORT ? integer(env, 'EMBEDDED_DB_PORT', 0, 1024, 65535) : null,
    publicUrl,
    production,
    productName: text(env, 'PRODUCT_NAME') ?? 'Ansökningsportalen',
    apiPrefix: `/api/v${version}`,
    sessionLifetimeMinutes: integer(env, 'SESSION_LIFETIME_MINUTES', 120, 5, 24 * 60),
    passwordResetMinutes: integer(env, 'PASSWORD_RESET_MINUTES', 60, 5, 24 * 60),
    loginLinkDays: integer(env, 'LOGIN_LINK_DAYS', 2, 1, 30),
    applicantLinksPerHour: integer(env, 'APPLICANT_LINKS_PER_HOUR', 10, 1, 100_000),
    staffFailuresPerHour: integer(env, 'STAFF_FAILED_SIGN_INS_PER_HOUR', 20, 1, 100_000),
    dialogueLinkDays: integer(env, 'DIALOGUE_LINK_DAYS', 14, 1, 90),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Ansökningsportalen <no-reply@localhost>',
    // Demo data goes into the embedded database only; an external one is asked for explicitly (npm run db:seed -- --demo).
    // Never by default in production: anyone could sign in with the demo's published password.
    seedDemo: boolean(env, 'SEED_DEMO') ?? (!databaseUrl && !production),
    // warn: errors and warnings only; info adds a line per request.
    logLevel: text(env, 'LOG_LEVEL') ?? 'warn',
    metricsToken: metricsToken(env),
    metricsPort: metricsPort(env, port),
    metricsHost: text(env, 'METRICS_HOST') ?? '127.0.0.1',
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_MB', 10, 1, 100) * 1024 * 1024,
    applicationFileCaps: {
      files: integer(env, 'UPLOAD_MAX_FILES_PER_APPLICATION', 20, 1, 1000),
      bytes: integer(env, 'UPLOAD_MAX_MB_PER_APPLICATION', 100, 1, 10_000) * 1024 * 1024,
    },
    followupDueDays: integer(env, 'FOLLOWUP_DUE_DAYS', 30, 1, 365),
    followupReminderDays: positive(env, 'FOLLOWUP_REMINDER_DAYS', 14, 365),
    dataExportDirectBytes: integer(env, 'DATA_EXPORT_DIRECT_MB', 25, 0, 10_000) * 1024 * 1024,
    fileStorage: fileStorage(env),
    s3ForcePathStyle: boolean(env, 'AWS_S3_FORCE_PATH_STYLE') ?? false,
    trustProxy: trustProxy(env),
    backupDir: databaseUrl ? null : path.resolve(text(env, 'BACKUP_DIR') ?? path.join(dataDir, 'backups')),
    backupKeepDays: integer(env, 'BACKUP_KEEP_DAYS', 14, 1, 3650),
    authSecret: authSecret(env, production),
    staffTwoFactor: staffTwoFactor(env, production),
    applicantOidc: oidcSettings(env, 'OIDC', production, { scopes: 'openid profile email', displayName: 'BankID' }),
    staffOidc: oidcSettings(env, 'STAFF_OIDC', production, { scopes: 'openid profile email', displayName: 'SSO' }),
  };
}

/** AUTH_SECRET: long enough to key HMACs and AES-256; required in production, where every server must share it. */
function authSecret(env: Env, production: boolean): string | null {
  const secret = text(env, 'AUTH_SECRET');
  if (secret !== null && secret.length < 32) throw new Error(`AUTH_SECRET must be at least 32 characters, got ${secret.length}`);
  if (secret === null && production)
    throw new Error('AUTH_SECRET must be set in production (at least 32 random characters, the same on every server)');
  return secret;
}

function staffTwoFactor(env: Env, production: boolean): 'required' | 'optional' {
  const raw = text(env, 'STAFF_2FA');
  if (raw === null) return production ? 'required' : 'optional';
  if (raw !== 'required' && raw !== 'optional') throw new Error(`STAFF_2FA must be required or optional, got "${raw}"`);
  return raw;
}

/**
 * PREFIX_ISSUER, PREFIX_CLIENT_ID, PREFIX_CLIENT_SECRET (all three or none), PREFIX_SCOPES, PREFIX_PERSONAL_NUMBER_CLAIM
 * and PREFIX_NAME. The issuer is https, but for a provider on this machine outside production.
 */
function oidcSettings(
  env: Env,
  prefix: string,
  production: boolean,
  defaults: { scopes: string; displayName: string },
): OidcSettings | null {
  const issuer = text(env, `${prefix}_ISSUER`);
  const clientId = text(env, `${prefix}_CLIENT_ID`);
  const clientSecret = text(env, `${prefix}_CLIENT_SECRET`);
  if (issuer === null && clientId === null && clientSecret === null) return null;
  if (issuer === null || clientId === null || clientSecret === null)
    throw new Error(`${prefix}_ISSUER, ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are set together or not at all`);
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`${prefix}_ISSUER must be an absolute URL, got "${issuer}"`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && (production || !local || url.protocol !== 'http:'))
    throw new Error(`${prefix}_ISSUER must be an https URL, got "${issuer}"`);
  const scopes = text(env, `${prefix}_SCOPES`) ?? defaults.scopes;
  if (!scopes.split(/\s+/).includes('openid')) throw new Error(`${prefix}_SCOPES must include openid, got "${scopes}"`);
  return {
    issuer,
    clientId,
    clientSecret,
    scopes,
    personalNumberClaim: text(env, `${prefix}_PERSONAL_NUMBER_CLAIM`),
    displayName: text(env, `${prefix}_NAME`) ?? defaults.displayName,
  };
}
