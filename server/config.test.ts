import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('SEED_DEMO', () => {
  const seeds = (env: Record<string, string>) => loadConfig(env).seedDemo;

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
      expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: value })).toThrow(`SEED_DEMO must be true or false, got "${value}"`);
    }
  });
});
