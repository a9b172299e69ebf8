import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node.js the project runs on (package.json's engines, README, .ci/run) is one every installed package takes: a
// dependency that needs a newer Node fails here, not in production.

const root = path.resolve(import.meta.dirname, '..');

/** Every installed package's folder under `modules`, scoped ones and those nested in a package's own node_modules. */
function* packages(modules: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(modules);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const folder = path.join(modules, name);
    if (name.startsWith('@')) {
      for (const scoped of readdirSync(folder)) yield* withNested(path.join(folder, scoped));
    } else yield* withNested(folder);
  }
}

function* withNested(folder: string): Generator<string> {
  yield folder;
  yield* packages(path.join(folder, 'node_modules'));
}

/** The package's name, version and the Node versions it says it runs on, when it says. */
function enginesOf(folder: string): { name: string; range: string } | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
      name?: string;
      version?: string;
      engines?: { node?: unknown };
    };
    const range = manifest.engines?.node;
    return typeof range === 'string' && semver.validRange(range) ? { name: `${manifest.name}@${manifest.version}`, range } : null;
  } catch {
    return null;
  }
}

describe('the Node.js in use', () => {
  it('is the one the project names, and every installed dependency runs on it', () => {
    const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(semver.satisfies(process.versions.node, own.engines.node), `package.json engines ${own.engines.node}`).toBe(true);
    const excluding: string[] = [];
    for (const folder of packages(path.join(root, 'node_modules'))) {
      const engines = enginesOf(folder);
      if (engines && !semver.satisfies(process.versions.node, engines.range)) excluding.push(`${engines.name} needs ${engines.range}`);
    }
    expect(excluding, `on Node ${process.versions.node}`).toEqual([]);
  });
});
