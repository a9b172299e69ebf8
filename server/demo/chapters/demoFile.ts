import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { insertFile, type NewFile } from '../../applicationCore/files.js';
import type { FileStorage } from '../../uploads/storage.js';
import type { Db } from '../../db/connect.js';
import { demoPdf } from './demoPdf.js';

/** Keeps a small PDF named `name` as an upload is kept: its bytes in the store under a new uuid, then its row. */
export async function keepDemoFile(trx: Db, storage: FileStorage, file: Omit<NewFile, 'uuid' | 'mime' | 'size'>) {
  const content = demoPdf(`${file.name} (demo)`);
  const uuid = randomUUID();
  await storage.write(uuid, Readable.from([content]), 'application/pdf');
  await insertFile(trx, { ...file, uuid, mime: 'application/pdf', size: content.length });
}
