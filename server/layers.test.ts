import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every dependency of the server points down, so a lower part can be read, tested and changed without the parts above
// it. docs/ARCHITECTURE.md draws the same layers.
const root = resolve(__dirname, '..');
const fromRoot = (file: string) => relative(root, file).split(/[\\/]/).join('/');

/** Bottom to top. A file is in the layer of the longest path that holds it; it may import its own layer and those below. */
const layers: { name: string; paths: string[] }[] = [
  // Plain data the browser shares, and the texts.
  { name: 'shared declarations', paths: ['resources', 'locales'] },
  // What everything reads: the settings, the time and the database.
  { name: 'base', paths: ['server/config.ts', 'server/clock.ts', 'server/db'] },
  // What the domains stand on, knowing none of them.
  {
    name: 'infrastructure',
    paths: [
      'server/errors.ts',
      'server/i18n.ts',
      'server/csv.ts',
      'server/tokens.ts',
      'server/auth',
      'server/lists',
      'server/mail',
      'server/jobs/queue.ts',
      'server/uploads',
      'server/backups',
      'server/bookkeeping',
      'server/pdf',
    ],
  },
  // What every domain needs of an application: its history, what its applicant was told, who of the staff reaches it,
  // its form, files and dialogue; and the periods and questions it is asked in.
  { name: 'application core', paths: ['server/applicationCore', 'server/periods.ts', 'server/faqs.ts'] },
  // The wings of the foundation's work, each on the core, none knowing the applications' compositions.
  {
    name: 'wings',
    paths: [
      'server/dataProtection',
      'server/eligibility',
      'server/notifications',
      'server/organisations',
      'server/payouts',
      'server/reviews',
      'server/statistics',
      'server/settingsEngine',
      'server/signals',
    ],
  },
  // What composes the wings: an application's decisions, lists, investigations and views.
  { name: 'applications', paths: ['server/applications'] },
  // The board's meetings, which decide applications and read them as the board does.
  { name: 'meetings', paths: ['server/meetings'] },
  // The staff's day: what needs each user, counted by every list above, and its morning mail.
  { name: 'work', paths: ['server/work'] },
  // Requests and answers.
  {
    name: 'http',
    paths: ['server/types.ts', 'server/plugins', 'server/routes', 'server/metrics'],
  },
  // What puts it all together and starts it: the app, the process, the scheduled work, the commands.
  {
    name: 'wiring',
    paths: [
      'server/app.ts',
      'server/main.ts',
      'server/runtime.ts',
      'server/scheduledWork.ts',
      'server/demo',
      'server/moveFilesCli.ts',
      'server/backups/backupCli.ts',
      'server/backups/restoreCli.ts',
    ],
  },
];

/** The index of the layer that holds a path (relative to the repository), or -1 when none does. */
function layerOf(path: string): number {
  let found = -1;
  let longest = -1;
  layers.forEach(({ paths }, index) => {
    for (const held of paths) {
      if ((path === held || path.startsWith(`${held}/`)) && held.length > longest) [found, longest] = [index, held.length];
    }
  });
  return found;
}

/** The server's own code: tests and what only tests use (server/test/) stand outside the layers and may import anything. */
function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return fromRoot(path) === 'server/test' ? [] : files(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every relative import of a file (static, dynamic, type-only and re-exports), as a path from the repository's root. */
function imports(file: string): { specifier: string; target: string }[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((specifier) => ({
    specifier,
    target: fromRoot(resolve(dirname(file), specifier)).replace(/\.js$/, '.ts'),
  }));
}

const serverFiles = files(join(root, 'server')).map((file) => ({ file, path: fromRoot(file) }));

describe("the server's layers", () => {
  it('claim every file of the server', () => {
    expect(serverFiles.filter(({ path }) => layerOf(path) < 0).map(({ path }) => path)).toEqual([]);
  });

  it('are imported downwards only', () => {
    const upward = serverFiles.flatMap(({ file, path }) => {
      const from = layerOf(path);
      if (from < 0) return [];
      return imports(file)
        .filter(({ target }) => layerOf(target) > from || layerOf(target) < 0)
        .map(({ specifier, target }) => {
          const to = layerOf(target);
          return `${path} (${layers[from].name}) imports ${specifier} (${to < 0 ? 'no layer' : layers[to].name})`;
        });
    });
    expect(upward).toEqual([]);
  });

  it('have no two folders importing each other', () => {
    const folderOf = (path: string) => path.split('/').slice(0, 2).join('/');
    // The files at the top of server/ (the wiring, the base's single files) are no folder.
    const inFolder = (path: string) => path.split('/').length > 2;
    const arrows = new Set(
      serverFiles.flatMap(({ file, path }) =>
        inFolder(path)
          ? imports(file)
              .filter(({ target }) => inFolder(target) && folderOf(target) !== folderOf(path))
              .map(({ target }) => `${folderOf(path)} -> ${folderOf(target)}`)
          : [],
      ),
    );
    const bothWays = [...arrows].filter((arrow) => arrows.has(arrow.split(' -> ').reverse().join(' -> ')));
    expect(bothWays).toEqual([]);
  });
});
