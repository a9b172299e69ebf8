import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3Server.js';
import { s3Storage } from './s3Storage.js';
import { localStorage, storageFault, temporaryPath, type FileStorage } from './storage.js';

// The same behaviour from both places files are kept: this server's folder, and an S3-compatible object store (a
// server started here, in process).

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dataDir: string;
const stores: Record<string, () => FileStorage> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  stores['the local folder'] = () => localStorage(dataDir);
  stores['an S3 store'] = () => s3.storage('app/files');
  // A store nobody answers at (a closed port): unavailable, not a request's fault.
  stores.unreachable = () => s3.storage('app', 'http://127.0.0.1:9');
});
afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A received file, as an upload leaves it on this server's disk. */
async function received(content: string) {
  const tempPath = await temporaryPath(dataDir);
  await writeFile(tempPath, content);
  return tempPath;
}
const gone = (file: string) =>
  access(file).then(
    () => false,
    () => true,
  );

describe.each(['the local folder', 'an S3 store'])('files kept in %s', (name) => {
  const store = () => stores[name]();

  it('keeps a received file under its key, reads it back with its size, and the temporary file is gone', async () => {
    const key = randomUUID();
    const tempPath = await received('%PDF-1.4 åäö');
    await store().keep(key, tempPath, 'application/pdf');
    expect(await gone(tempPath)).toBe(true);
    const stored = await store().read(key);
    expect(stored?.size).toBe(Buffer.byteLength('%PDF-1.4 åäö'));
    expect(await text(stored!.body)).toBe('%PDF-1.4 åäö');
    expect(await store().size(key)).toBe(Buffer.byteLength('%PDF-1.4 åäö'));
  });

  it('writes a stream larger than one part as it comes, answering its size', async () => {
    const key = randomUUID();
    const part = Buffer.alloc(1024 * 1024, 'x');
    const size = await store().write(
      key,
      Readable.from(
        (function* () {
          for (let i = 0; i < 7; i++) yield part;
        })(),
      ),
      'application/zip',
    );
    expect(size).toBe(7 * part.length);
    const stored = await store().read(key);
    expect(stored?.size).toBe(size);
    let read = 0;
    for await (const chunk of stored!.body) read += (chunk as Buffer).length;
    expect(read).toBe(size);
  });

  it('keeps nothing under the key when the stream written fails', async () => {
    const key = randomUUID();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 'y'));
        this.destroy(new Error('the source broke'));
      },
    });
    await expect(store().write(key, failing, 'application/zip')).rejects.toThrow();
    expect(await store().read(key)).toBeNull();
  });

  it('answers null for a key with nothing, removes what it keeps, and removing again is no error', async () => {
    expect(await store().read(randomUUID())).toBeNull();
    expect(await store().size(randomUUID())).toBeNull();
    const [a, b] = [randomUUID(), randomUUID()];
    await store().keep(a, await received('a'), 'text/plain');
    await store().keep(b, await received('b'), 'text/plain');
    await store().remove([a, b, randomUUID()]);
    await store().remove([a]);
    expect(await store().read(a)).toBeNull();
    expect(await store().read(b)).toBeNull();
  });

  it('lists what it keeps, with sizes', async () => {
    const key = randomUUID();
    await store().keep(key, await received('listed'), 'text/plain');
    const listed = [];
    for await (const entry of store().list()) listed.push(entry);
    expect(listed).toContainEqual({ key, size: 6 });
    expect(listed.every((entry) => !entry.key.startsWith('.') && !entry.key.includes('/'))).toBe(true);
  });
});

describe('an S3 store that cannot be reached', () => {
  it('is a fault of the storage (503), not of the request, and the received file stays for the caller to remove', async () => {
    const tempPath = await received('x');
    const failure = await stores
      .unreachable()
      .keep(randomUUID(), tempPath, 'text/plain')
      .catch((error: unknown) => error);
    expect(storageFault(failure)).toBe('unavailable');
    expect(await gone(tempPath)).toBe(false);
    expect(
      storageFault(
        await stores
          .unreachable()
          .read(randomUUID())
          .catch((error: unknown) => error),
      ),
    ).toBe('unavailable');
  });
});

describe('an S3 store that answers with an error', () => {
  it('is a fault of the storage (503) when the bucket is not there, writing or listing', async () => {
    const noBucket = s3Storage('s3://no-such-bucket/app', { client: s3.client() });
    const failure = await noBucket.write(randomUUID(), Readable.from(['x']), 'text/plain').catch((error: unknown) => error);
    expect(storageFault(failure)).toBe('unavailable');
    const listing = (async () => {
      for await (const entry of noBucket.list()) return entry;
    })();
    expect(storageFault(await listing.catch((error: unknown) => error))).toBe('unavailable');
  });
});
