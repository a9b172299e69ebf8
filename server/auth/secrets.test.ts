import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authKeys, loadAuthKeys } from './secrets.js';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('authKeys', () => {
  it('seals a text that opens again under the same secret only, and differs each time', () => {
    const keys = authKeys(secret);
    const sealed = keys.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(keys.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(keys.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => authKeys(`${secret}-other`).open(sealed)).toThrow();
    const [version, iv, body, tag] = sealed.split('.');
    const altered = [version, iv, body.slice(0, -2) + (body.endsWith('AA') ? 'BB' : 'AA'), tag].join('.');
    expect(() => keys.open(altered)).toThrow();
  });

  it('hashes a personal number the same with or without its dash, and differently under another secret', () => {
    const keys = authKeys(secret);
    expect(keys.personalNumberHash('19811218-9876')).toEqual(keys.personalNumberHash('198112189876'));
    expect(keys.personalNumberHash('198112189876')).not.toEqual(keys.personalNumberHash('198112189877'));
    expect(authKeys(`${secret}-other`).personalNumberHash('198112189876')).not.toEqual(keys.personalNumberHash('198112189876'));
  });
});

describe('loadAuthKeys', () => {
  it('makes a secret in the data directory once, readable by its owner alone, and keeps using it', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'));
    const first = loadAuthKeys({ authSecret: null, dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    const sealed = first.seal('kept');
    expect(loadAuthKeys({ authSecret: null, dataDir }).open(sealed)).toBe('kept');
    expect(() => loadAuthKeys({ authSecret: secret, dataDir }).open(sealed)).toThrow();
  });
});
