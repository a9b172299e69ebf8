import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import svSE from '../../locales/sv-SE.json';
import { flatten } from '../providers/translate';
import { portalMessages } from './messages';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The portal's sources and the shared ones it loads (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

/**
 * Every whole text key written in the portal's code, e.g. t('portal.loading'): a dotted string under a part of the
 * locale files (not e.g. the theme's 'primary.main'); keys built at run time are left out.
 */
const usedKeys = [
  ...new Set(
    ['src/portal', 'src/forms', 'src/components']
      .flatMap(sources)
      .join('\n')
      .match(/(?<=['"`])[a-z_]+(\.[\w-]+)+(?=['"`])/g),
  ),
].filter((key) => Object.hasOwn(svSE, key.split('.')[0]));

describe('the portal’s texts', () => {
  it('hold every key its code names, in both languages, and leave the staff app’s texts out', async () => {
    for (const locale of ['sv-SE', 'en-US'] as const) {
      const messages = await portalMessages[locale]();
      const phrases = flatten(messages);
      const missing = usedKeys.filter((key) => !(key in phrases) && !Object.keys(phrases).some((k) => k.startsWith(`${key}.`)));
      expect(missing, locale).toEqual([]);
      // The staff app's own texts (a third of each file) stay out of the portal's first download.
      expect(Object.keys(messages), locale).not.toContain('app');
    }
    expect(usedKeys.length).toBeGreaterThan(100);
  });
});
