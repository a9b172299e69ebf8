import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, reset and login links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak gives no usable token. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * A text with every token of a link (a path segment of newToken's 43 characters) replaced by "…": what the outbox keeps
 * of a mail once it is sent, so the stored copy opens nothing.
 */
export function withoutTokens(text: string): string {
  return text.replace(/\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, '/…');
}
