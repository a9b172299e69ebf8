import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import svSE from '../../locales/sv-SE.json';
import { flatten } from '../providers/translate';
import { laterMessages, portalMessages } from './messages';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The portal's sources and the shared ones it loads (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

/**
 * Every whole text key written in `code`, e.g. t('portal.loading'): a dotted string under a part of the locale files
 * (not e.g. the theme's 'primary.main'); keys built at run time are left out.
 */
const keysIn = (code: string) =>
  [...new Set(code.match(/(?<=['"`])[a-z_]+(\.[\w-]+)+(?=['"`])/g))].filter((key) => Object.hasOwn(svSE, key.split('.')[0]));

const usedKeys = keysIn(['src/portal', 'src/forms', 'src/components'].flatMap(sources).join('\n'));

/** The source file a relative import names, from the file at `from`. */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  return ['.ts', '.tsx', '/index.ts'].map((ending) => base + ending).find(existsSync) ?? null;
}

/** `file` and every file it imports, statically and, with `dynamic`, on demand too (type-only imports aside). */
function graph(file: string, dynamic: boolean, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  const imports = [...code.matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'/gm), ...code.matchAll(/^export [^;]*? from '(\.[^']+)'/gm)];
  if (dynamic) imports.push(...code.matchAll(/import\('(\.[^']+)'\)/g));
  for (const [, specifier] of imports) {
    const next = resolve(file, specifier);
    if (next) graph(next, dynamic, seen);
  }
  return seen;
}

describe('the portal’s texts', () => {
  it('hold every key its code names, in both languages, and leave the staff app’s texts out', async () => {
    for (const locale of ['sv-SE', 'en-US'] as const) {
      const [first, later] = (await Promise.all([portalMessages[locale](), laterMessages[locale]()])).map((texts) => flatten(texts));
      const phrases = { ...first, ...later };
      const missing = usedKeys.filter((key) => !(key in phrases) && !Object.keys(phrases).some((k) => k.startsWith(`${key}.`)));
      expect(missing, locale).toEqual([]);
      // The staff app's own texts (a third of each file) stay out of the portal's downloads.
      expect(
        Object.keys(phrases).filter((key) => key.startsWith('app.')),
        locale,
      ).toEqual([]);
      expect(
        Object.keys(first).filter((key) => key in later),
        locale,
      ).toEqual([]);
      expect(Object.keys(later).length, locale).toBeGreaterThan(100);
    }
    expect(usedKeys.length).toBeGreaterThan(100);
  });

  it('leave the later texts to the pages that load them: the page around them and the other pages name none', async () => {
    const later = Object.keys(flatten(await laterMessages['sv-SE']()));
    const isLater = (key: string) => later.some((text) => text === key || text.startsWith(`${key}.`));
    const app = path.join(root, 'src/portal/PortalApp.tsx');
    const code = readFileSync(app, 'utf8');
    const firstPages = [...code.matchAll(/lazy\(\(\) => import\('([^']+)'\)\)/g)].map(([, page]) => resolve(app, page)!);
    const laterPages = [...code.matchAll(/lazy\(withLaterTexts\(\(\) => import\('([^']+)'\)\)\)/g)].map(([, page]) => resolve(app, page)!);
    expect(firstPages.length).toBeGreaterThan(3);
    expect(laterPages.length).toBeGreaterThan(3);
    const shownFirst = new Set(graph(path.join(root, 'src/portal/main.tsx'), false));
    for (const page of firstPages) graph(page, true, shownFirst);
    const early = [...shownFirst].flatMap((file) =>
      keysIn(readFileSync(file, 'utf8'))
        .filter(isLater)
        .map((key) => `${path.relative(root, file)}: ${key}`),
    );
    expect(early).toEqual([]);
  });
});
