import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/connect.js';
import { storageFault } from '../uploads/storage.js';
import { AppError, notFound, type FieldErrors, type Message } from '../errors.js';
import { translator, type Params, type Translate } from '../i18n.js';
import { attributeLabel } from '../../resources/attributeLabel.js';
import { negotiateLocale } from '../../resources/locales.js';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** When a client may try again after the database could not be reached. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Turns any error into the envelope { message, errors? } (errors by field), translated; a 500 shows no internals. A
 * database that cannot be reached is a 503 "try again in a moment", whatever the route was doing; so is a file store
 * that refuses writes, and a full one a 507.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const t = request.t ?? translator(negotiateLocale(request.headers['accept-language']));
    const resource = request.routeOptions.config?.resource;
    if (error instanceof AppError) return send(reply, t, error, resource);
    if (error.validation) return send(reply, t, fromValidation(error.validation, error.validationContext), resource);
    const fault = storageFault(error);
    if (fault) {
      request.log.error({ err: error }, 'file storage failed');
      const full = fault === 'full';
      return send(
        reply,
        t,
        new AppError(full ? 507 : 503, full ? 'errors.storage_full' : 'errors.storage_unavailable', {
          retryAfter: full ? undefined : RETRY_AFTER_SECONDS,
        }),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, t, new AppError(503, 'errors.service_unavailable', { retryAfter: RETRY_AFTER_SECONDS }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, t, new AppError(500, 'errors.something_went_wrong'));
    }
    // Fastify's own 4xx (malformed JSON, wrong content type, body too large): a clear generic message.
    return send(reply, t, new AppError(status, status === 404 ? 'errors.not_found' : 'errors.invalid_data'));
  });
  app.setNotFoundHandler((request, reply) => {
    send(reply, request.t, notFound());
  });
}

function send(reply: FastifyReply, t: Translate, error: AppError, resource?: string) {
  const { params, errors, retryAfter } = error.options;
  const body: Record<string, unknown> = { message: t(error.key, params) };
  if (errors) body.errors = translateFieldErrors(t, errors, resource);
  if (retryAfter !== undefined) {
    body.retry_after = retryAfter;
    reply.header('Retry-After', String(retryAfter));
  }
  return reply.status(error.status).send(body);
}

export function translateFieldErrors(t: Translate, errors: FieldErrors, resource?: string): Record<string, string[]> {
  const text = (field: string, message: Message) => {
    const { key, params = {} } = typeof message === 'string' ? { key: message } : message;
    // A rule that names another field (an end date's start) names it by its label too.
    const all: Params = { attribute: attributeName(t, field, resource), ...params };
    if (params.other) all.other = attributeName(t, String(params.other), resource);
    return t(key, all);
  };
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => text(field, m))]));
}

const attributeName = (t: Translate, field: string, resource?: string) =>
  attributeLabel((key, options) => t(key, options), field, resource);

const typeKeys: Record<string, string> = {
  integer: 'validation.integer',
  number: 'validation.number',
  string: 'validation.string',
  boolean: 'validation.boolean',
};

/** AJV's schema errors as field errors: '/data/email' -> 'email' (the body's data wrapper is not a field). */
function fromValidation(issues: AjvIssue[], context?: string): AppError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    if (context === 'body' && path[0] === 'data') path.shift();
    let message: Message;
    switch (issue.keyword) {
      case 'required':
        path.push(String(issue.params.missingProperty));
        message = 'validation.required';
        break;
      case 'additionalProperties':
        path.push(String(issue.params.additionalProperty));
        message = 'validation.unknown';
        break;
      case 'format':
        message =
          issue.params.format === 'email' ? 'validation.email' : issue.params.format === 'date' ? 'validation.date' : 'validation.format';
        break;
      case 'minLength':
        // An empty required text is "required", not "at least 1 character".
        message =
          Number(issue.params.limit) === 1
            ? 'validation.required'
            : { key: 'validation.min_string', params: { limit: Number(issue.params.limit) } };
        break;
      case 'maxLength':
        message = { key: 'validation.max_string', params: { limit: Number(issue.params.limit) } };
        break;
      case 'minimum':
        message = { key: 'validation.min_number', params: { limit: Number(issue.params.limit) } };
        break;
      case 'maximum':
        message = { key: 'validation.max_number', params: { limit: Number(issue.params.limit) } };
        break;
      case 'enum':
        message = 'validation.in';
        break;
      case 'type':
        // A nullable field's type is 'integer,null': its message is the type's (null is never what was wrong).
        message = typeKeys[String(issue.params.type).split(',')[0]] ?? 'validation.invalid';
        break;
      default:
        message = 'validation.invalid';
    }
    const field = path.join('.') || (context === 'body' ? 'data' : String(context ?? 'data'));
    (errors[field] ??= []).push(message);
  }
  return new AppError(422, 'errors.invalid_data', { errors });
}
