import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The staff app and the portal are built and loaded apart: what both use lives in a shared folder, so neither
// carries the other's code and a change to one cannot break the other unseen.
const src = resolve(__dirname);
const apps = ['admin', 'portal'];
const shared = ['components', 'forms', 'providers'];

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder under src/ of every relative import in a file (static, dynamic, type-only and re-exports). */
function importedFolders(file: string): { specifier: string; folder: string }[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((specifier) => ({ specifier, folder: relative(src, resolve(dirname(file), specifier)).split(/[\\/]/)[0] }));
}

function crossings(from: string, forbidden: string[]) {
  return files(join(src, from)).flatMap((file) =>
    importedFolders(file)
      .filter(({ folder }) => forbidden.includes(folder))
      .map(({ specifier }) => `${relative(src, file)} imports ${specifier}`),
  );
}

describe('imports between the apps', () => {
  it.each(apps)('src/%s imports nothing of the other app', (app) => {
    expect(
      crossings(
        app,
        apps.filter((other) => other !== app),
      ),
    ).toEqual([]);
  });

  it.each(shared)('src/%s imports neither app', (folder) => {
    expect(crossings(folder, apps)).toEqual([]);
  });
});

// The answers' types come from the server's response schemas, imported by type only: a value import would put the
// server's code (TypeBox, Fastify's helpers) into a browser bundle, and another server module into the browser's types.
const root = resolve(src, '..');
const schemaModule = /^server\/routes\/schemas(\/[\w-]+)?$/;

/** Every import of the server in a file, and whether it is by type only (`import type`, `export type`, `typeof import()`). */
function serverImports(file: string): { file: string; path: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const statements =
    /\b(?:import|export)(\s+type\b)?[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|\b(typeof\s+)?import\s*\(\s*['"](\.[^'"]+)['"]|\bimport\s*['"](\.[^'"]+)['"]/g;
  return [...text.matchAll(statements)].flatMap((m) => {
    const specifier = m[2] ?? m[4] ?? m[5];
    const path = relative(root, resolve(dirname(file), specifier))
      .split(/[\\/]/)
      .join('/')
      .replace(/\.[jt]sx?$/, '');
    return path.startsWith('server/') ? [{ file: relative(root, file), path, typeOnly: !!(m[1] ?? m[3]) }] : [];
  });
}

describe('imports of the server', () => {
  const found = files(src).flatMap(serverImports);

  it('are by type only', () => {
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((i) => !i.typeOnly).map((i) => `${i.file} imports ${i.path} as a value`)).toEqual([]);
  });

  it('are of the response schemas only', () => {
    expect(found.filter((i) => !schemaModule.test(i.path)).map((i) => `${i.file} imports ${i.path}`)).toEqual([]);
  });
});

// The admin's feature folders stand on its top level and on a few shared folders (layout, resources, testing); two
// that import each other both ways would be one feature split in two, or a piece that belongs to neither.
describe('imports between the admin’s folders', () => {
  it('never run both ways', () => {
    const admin = join(src, 'admin');
    const folderOf = (path: string) => relative(admin, path).split(/[\\/]/);
    const arrows = new Set(
      files(admin)
        .filter((file) => folderOf(file).length > 1 && !/\.test\.tsx?$/.test(file))
        .flatMap((file) =>
          importedFolders(file)
            .map(({ specifier }) => folderOf(resolve(dirname(file), specifier)))
            .filter((target) => target.length > 1 && !target[0].startsWith('..') && target[0] !== folderOf(file)[0])
            .map((target) => `${folderOf(file)[0]} -> ${target[0]}`),
        ),
    );
    expect([...arrows].filter((arrow) => arrows.has(arrow.split(' -> ').reverse().join(' -> ')))).toEqual([]);
  });
});
