import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { pino, type Bindings, type ChildLoggerOptions, type Level, type LogFn, type Logger, type LoggerOptions } from 'pino';
import { withoutTokens } from '../tokens.js';

/** What a client may send as its own request id (X-Request-Id): short, and nothing a log reader could trip on. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id a request's log lines carry (`reqId`) and its answer names: the client's own when it is safe, else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Answers every request's id in X-Request-Id, so a client's report can be found in the log. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

const EMAIL = /[^\s<>()"',;:]+@[^\s<>()"',;:]+/g;

/** A text with e-mail addresses and link tokens masked: what an error's message may carry of a request's data. */
function masked(text: string): string {
  return withoutTokens(text).replace(EMAIL, '…');
}

/**
 * A request's address as the log keeps it: the path with link tokens (/logga-in/…, /admin/reset-password/…) and
 * e-mail-like segments masked, and no query, whose searches and filters may name people.
 */
export function loggedUrl(url: string): string {
  const [path, query] = url.split(/\?(.*)/s);
  const segments = withoutTokens(path)
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '…' : segment));
  return segments.join('/') + (query === undefined ? '' : '?…');
}

/**
 * The serializers of the request log. Headers are never logged (cookies, authorization), nor bodies (passwords,
 * names, addresses); an error keeps its kind, code and masked message, not the fields some errors add with the values
 * they were given (PostgreSQL's `detail`, the SMTP answer and recipients).
 */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    route: request.routeOptions?.url,
    host: request.host,
    remoteAddress: request.ip,
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: (error: Error & { code?: unknown; statusCode?: unknown }) => ({
    type: error.constructor?.name ?? 'Error',
    message: masked(String(error.message)),
    stack: masked(String(error.stack)),
    code: error.code,
    statusCode: error.statusCode,
  }),
};

/**
 * Secret wherever a logged object holds them: should a later line log headers or a body, these are censored. Account
 * numbers (payouts to come) are named here ahead of their fields.
 */
const secretFields = [
  'password',
  'password_confirmation',
  'token',
  'email',
  'first_name',
  'last_name',
  'name',
  'account',
  'account_number',
  'clearing',
  'clearing_number',
  'bankgiro',
  'plusgiro',
  'personal_number',
];
const redact = [
  ...['cookie', 'authorization', 'set-cookie'].flatMap((header) => [
    `req.headers["${header}"]`,
    `res.headers["${header}"]`,
    `headers["${header}"]`,
  ]),
  ...secretFields.flatMap((field) => [field, `*.${field}`, `data.${field}`, `body.data.${field}`]),
];

export function loggerOptions(level: string): LoggerOptions {
  return { level, serializers, redact: { paths: redact, censor: '[redacted]' } };
}

/** One JSON line per event: the request log, and in production everything the process says. */
export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}

/**
 * Fastify's `childLoggerFactory`: a request's logger, made the first time the request logs at a level the log prints.
 * pino passes a child's bindings (the request id) through every wildcard path of `redact` as it makes the child, a
 * few µs of every request (bench/load.ts), and at the usual level (warn) nearly no request logs a line. A child with
 * options of its own (a route's level or serializers), or of a logger that is not pino's, is made at once.
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as Partial<Logger>;
  if (!parent.isLevelEnabled || Object.keys(options).length > 0) return logger.child(bindings, options);
  return new RequestLog(logger as Logger, bindings);
}

/** A request's logger until it logs: then pino's child (requestLogger). */
class RequestLog implements FastifyBaseLogger {
  private child_: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  /** pino's child, made on the first call. */
  private made(): Logger {
    return (this.child_ ??= this.parent.child(this.bindings));
  }
  private at(level: Level, args: Parameters<LogFn>) {
    if (this.parent.isLevelEnabled(level)) this.made()[level](...args);
  }
  fatal(...args: Parameters<LogFn>) {
    this.at('fatal', args);
  }
  error(...args: Parameters<LogFn>) {
    this.at('error', args);
  }
  warn(...args: Parameters<LogFn>) {
    this.at('warn', args);
  }
  info(...args: Parameters<LogFn>) {
    this.at('info', args);
  }
  debug(...args: Parameters<LogFn>) {
    this.at('debug', args);
  }
  trace(...args: Parameters<LogFn>) {
    this.at('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.made().child(bindings, options);
  }
  get level() {
    return (this.child_ ?? this.parent).level;
  }
  set level(level: string) {
    this.made().level = level;
  }
}

/** What the process says of itself: its start and stop, and its jobs' warnings. */
export interface ProcessLog {
  info: (message: string) => void;
  warn: (details: unknown, message?: string) => void;
  error: (message: string, error?: unknown) => void;
}

/**
 * The process's own lines, `[start] …`, printed whatever LOG_LEVEL says (they are few and say where to look): in
 * production one JSON line each, as the request log's, so that every line of the output is JSON; in development
 * plain text on the terminal. The demo's staff logins are said here, not in the request log: they are no one's data.
 */
export function processLog(production: boolean): ProcessLog {
  if (!production) {
    return {
      info: (message) => console.log(`[start] ${message}`),
      warn: (details, message) => (message === undefined ? console.warn(details) : console.warn(message, details)),
      error: (message, error) => (error === undefined ? console.error(message) : console.error(message, error)),
    };
  }
  const log = createLogger('info');
  return {
    info: (message) => log.info(`[start] ${message}`),
    warn: (details, message) => (typeof details === 'string' ? log.warn(details) : log.warn(details, message)),
    error: (message, error) => log.error({ err: error }, message),
  };
}
