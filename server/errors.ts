import type { Params } from './i18n.js';

/** A message key with its parameters, translated when the answer is sent. */
export type Message = string | { key: string; params?: Params };
export type FieldErrors = Record<string, Message[]>;

/**
 * An error the client is meant to see: status, a message key from locales/*.json errors.*, field errors.
 * The error handler (plugins/errors.ts) translates it into the envelope { message, errors? }.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly options: { params?: Params; errors?: FieldErrors; retryAfter?: number } = {},
  ) {
    super(key);
  }
}

export const unauthenticated = () => new AppError(401, 'errors.unauthenticated');
export const forbidden = () => new AppError(403, 'errors.permission_denied');
export const notFound = () => new AppError(404, 'errors.not_found');
/** A 422 whose message is the first field's error, as forms show it beside the field and on top. */
export const invalid = (errors: FieldErrors, key = 'errors.invalid_data') => new AppError(422, key, { errors });
/** 429 with the seconds to wait: "too many login attempts" for sign-ins, "too many requests" for other limits. */
export const tooManyAttempts = (seconds: number, key = 'errors.too_many_attempts') =>
  new AppError(429, key, { params: { seconds }, retryAfter: seconds });
