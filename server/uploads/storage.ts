import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the files people upload (and the downloads the app builds) are kept, each under the server's uuid, never
 * under a name a client chose: a folder of this server's (the default, `DATA_DIR/uploads`) or an S3-compatible object
 * store that several servers share (`FILE_STORAGE=s3://bucket/prefix`, `s3Storage.ts`). Every route and job reads and
 * writes files through this, so neither knows which it is.
 */
export interface FileStorage {
  /** Where the files are, as the start-up line and the docs say it: a folder, or s3://bucket/prefix. */
  readonly location: string;
  /** Keeps a received file, now a temporary file on this server's disk, under `key`; the temporary file is gone after. */
  keep(key: string, tempPath: string, mime: string): Promise<void>;
  /** Writes what `body` streams under `key`, answering its size; nothing is kept under `key` if it fails. */
  write(key: string, body: Readable, mime: string): Promise<number>;
  /** A kept file's bytes, streamed, and its size; null when nothing is kept under `key`. */
  read(key: string): Promise<{ body: Readable; size: number } | null>;
  /** A kept file's size, without reading it; null when nothing is kept under `key`. */
  size(key: string): Promise<number | null>;
  /** Removes kept files; one already gone is no error. */
  remove(keys: string[]): Promise<void>;
  /** Every key kept, with its size, a page at a time (moving files between stores). */
  list(): AsyncIterable<{ key: string; size: number }>;
}

/** Uploaded files live in DATA_DIR/uploads under the server's uuid, never under a name the client chose. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function storedPath(dataDir: string, fileUuid: string): string {
  return path.join(uploadsDir(dataDir), fileUuid);
}

/**
 * A fresh temporary name on this server's disk, where an upload is received before it is kept. Beside the stored
 * files, so keeping it in the local folder is a rename on the same file system; the dot keeps it apart from them.
 */
export async function temporaryPath(dataDir: string): Promise<string> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  return path.join(dir, `.upload-${randomUUID()}`);
}

/** The object store could not be reached or failed on its side (`s3Storage.ts`): the server's state, a 503. */
export class StorageUnavailable extends Error {
  override name = 'StorageUnavailable';
}

/**
 * What an error says of the uploads' storage, if it is one: full (no space, over quota) or unavailable (read-only, no
 * permission, an I/O fault, the folder gone, the object store away). Either is the server's state, not the request's
 * fault.
 */
export function storageFault(error: unknown): 'full' | 'unavailable' | null {
  if (error instanceof StorageUnavailable) return 'unavailable';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'EIO' || code === 'ENOTDIR') return 'unavailable';
  return null;
}

/** Removes a file if it is there; a file already gone is no error. */
export async function removeFile(filePath: string): Promise<void> {
  await rm(filePath, { force: true });
}

/** The folder of this server's data directory: `DATA_DIR/uploads/<uuid>`. */
export function localStorage(dataDir: string): FileStorage {
  const at = (key: string) => storedPath(dataDir, key);
  return {
    location: uploadsDir(dataDir),
    async keep(key, tempPath) {
      await rename(tempPath, at(key));
    },
    async write(key, body) {
      const temp = await temporaryPath(dataDir);
      try {
        await pipeline(body, createWriteStream(temp));
        const { size } = await stat(temp);
        await rename(temp, at(key));
        return size;
      } catch (error) {
        await removeFile(temp);
        throw error;
      }
    },
    async read(key) {
      let handle;
      try {
        handle = await open(at(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(at(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(keys) {
      for (const key of keys) await removeFile(at(key));
    },
    async *list() {
      let dir;
      try {
        dir = await opendir(uploadsDir(dataDir));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for await (const entry of dir) {
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        yield { key: entry.name, size: (await stat(at(entry.name))).size };
      }
    },
  };
}
