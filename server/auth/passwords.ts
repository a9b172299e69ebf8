import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return hash(password); // argon2id with the library's memory-hard defaults
}

// Verified when the e-mail is unknown too, so the answer takes as long either way.
const dummyHash = hash('not-a-real-password');

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

// The ~49 000 most common passwords of breached password lists (zxcvbn's), read once when first needed (ASVS 6.2).
let common: Set<string> | null = null;
const isCommon = (password: string) => (common ??= new Set(dictionary['passwords-common'])).has(password.toLowerCase());

/** Why a new staff password will not do, as a message key: too short, or on the list of common and breached ones. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'errors.weak_password';
  if (isCommon(password)) return 'errors.common_password';
  return null;
}
