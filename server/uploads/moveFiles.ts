import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FileStorage } from './storage.js';

export interface MoveReport {
  /** Copied now, and read back with the same checksum. */
  copied: number;
  /** Already in the target with the same checksum (an earlier run's), so left as they were. */
  alreadyThere: number;
  /** Keys that could not be copied, each with why; the rest still went. */
  failed: { key: string; reason: string }[];
  bytes: number;
}

async function sha256(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A kept file's checksum, or null when nothing is kept under `key`. */
async function checksum(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.read(key);
  return file ? sha256(file.body) : null;
}

/**
 * Copies every file of `from` to `to` under the same key, each verified by reading it back from `to` and comparing its
 * SHA-256 with the original's. Resumable: a file `to` already holds with the same checksum is left alone, so a run cut
 * short is simply run again; one that differs (a copy cut short elsewhere) is copied again. Nothing is removed from
 * `from`: that is the operator's step once the servers use `to`.
 */
export async function moveFiles(
  from: FileStorage,
  to: FileStorage,
  progress: (report: MoveReport, key: string) => void = () => {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, failed: [], bytes: 0 };
  for await (const { key, size } of from.list()) {
    try {
      // The same size may be an earlier run's copy: compared by checksum, and left alone when it is one.
      if ((await to.size(key)) === size) {
        const [original, copy] = await Promise.all([checksum(from, key), checksum(to, key)]);
        if (original !== null && original === copy) {
          report.alreadyThere += 1;
          progress(report, key);
          continue;
        }
      }
      const file = await from.read(key);
      if (!file) continue; // removed since it was listed
      // The original's checksum is taken as it streams to the store; the copy's by reading it back.
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      file.body.on('error', (error) => hashing.destroy(error));
      await to.write(key, file.body.pipe(hashing), 'application/octet-stream');
      const [original, copy] = [hash.digest('hex'), await checksum(to, key)];
      if (copy !== original) throw new Error(`the copy's checksum ${copy} is not the original's ${original}`);
      report.copied += 1;
      report.bytes += size;
    } catch (error) {
      report.failed.push({ key, reason: (error as Error).message });
    }
    progress(report, key);
  }
  return report;
}
