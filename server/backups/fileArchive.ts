import { existsSync } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { storedPath, uploadsDir, type FileStorage } from '../uploads/storage.js';
import { durableCopy, filesDir } from './backupFolder.js';

/**
 * The uploaded files' side of point-in-time recovery: the local folder's files are immutable, each under its own
 * uuid, so a copy of each in BACKUP_DIR/files, made as it is kept (before its row is written), lets a restore to any
 * moment give back the files of that moment's rows. A removed file keeps its copy until no backup of the window needs
 * it (keep.ts). A copy that fails does not fail the upload (the database's own archive does not stop writes either):
 * it is said in the log and made by the next base backup.
 */
export function archivingStorage(storage: FileStorage, dataDir: string, backupDir: string, warn: (message: string) => void): FileStorage {
  const archive = async (key: string) => {
    try {
      await archiveUpload(dataDir, backupDir, key);
    } catch (error) {
      warn(`The uploaded file ${key} was not copied to the backups (${(error as Error).message}); the next base backup copies it`);
    }
  };
  return {
    ...storage,
    async keep(key, tempPath, mime) {
      await storage.keep(key, tempPath, mime);
      await archive(key);
    },
    async write(key, body, mime) {
      const size = await storage.write(key, body, mime);
      await archive(key);
      return size;
    },
  };
}

async function archiveUpload(dataDir: string, backupDir: string, key: string) {
  await mkdir(filesDir(backupDir), { recursive: true, mode: 0o700 });
  await durableCopy(storedPath(dataDir, key), path.join(filesDir(backupDir), key));
}

/**
 * Copies every uploaded file that the archive lacks (those kept before backups began, or whose copy failed), and
 * answers the names of all of them, with their bytes.
 */
export async function archiveAllUploads(dataDir: string, backupDir: string): Promise<{ files: string[]; bytes: number }> {
  let names: string[];
  try {
    names = (await readdir(uploadsDir(dataDir))).filter((name) => !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: [], bytes: 0 };
    throw error;
  }
  const files: string[] = [];
  let bytes = 0;
  for (const name of names) {
    try {
      bytes += (await stat(storedPath(dataDir, name))).size;
      if (!existsSync(path.join(filesDir(backupDir), name))) await archiveUpload(dataDir, backupDir, name);
      files.push(name);
    } catch (error) {
      // Removed meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { files, bytes };
}
