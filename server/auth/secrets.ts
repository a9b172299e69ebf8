import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * What AUTH_SECRET keys: staff's second-factor secrets sealed with AES-256-GCM (a database copy alone does not give
 * them), and HMACs of personal identity numbers (which match a person without keeping the number) and of client
 * addresses (which count a day's registrations from one address without keeping it). Each use has a key
 * of its own, derived from the one secret.
 */
export interface AuthKeys {
  seal(text: string): string;
  /** The text sealed; throws when the sealed text was altered or sealed under another secret. */
  open(sealed: string): string;
  /** The keyed hash of a personal identity number (digits only, so 19811218-9876 and 198112189876 are one). */
  personalNumberHash(personalNumber: string): Buffer;
  /** The keyed hash of a client's address: counts a day's registrations from one address without keeping it. */
  clientAddressHash(address: string): Buffer;
}

const derive = (secret: string, use: string) => Buffer.from(hkdfSync('sha256', secret, 'ansokningsportalen', use, 32));

export function authKeys(secret: string): AuthKeys {
  const sealing = derive(secret, 'second-factor-secrets');
  const hashing = derive(secret, 'personal-numbers');
  const addressing = derive(secret, 'client-addresses');
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealing, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || body === undefined || !tag) throw new Error('not a sealed text');
      const decipher = createDecipheriv('aes-256-gcm', sealing, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    personalNumberHash(personalNumber) {
      return createHmac('sha256', hashing).update(personalNumber.replace(/\D/g, '')).digest();
    },
    clientAddressHash(address) {
      return createHmac('sha256', addressing).update(address.trim().toLowerCase()).digest();
    },
  };
}

/**
 * AUTH_SECRET, or outside production (where it is required) one made on the first start and kept in DATA_DIR, readable
 * by its owner alone.
 */
export function loadAuthKeys(config: Pick<Config, 'authSecret' | 'dataDir'>): AuthKeys {
  if (config.authSecret) return authKeys(config.authSecret);
  const file = path.join(config.dataDir, 'auth-secret');
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process of this data directory made it first: theirs is the one.
      secret = readFileSync(file, 'utf8').trim();
    }
    chmodSync(file, 0o600);
  }
  return authKeys(secret);
}
