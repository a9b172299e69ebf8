import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, reset and login links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak gives no usable token. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
