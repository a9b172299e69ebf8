import { archivingStorage } from './fileArchive.js';
import { localStorage, type FileStorage } from '../uploads/storage.js';

/**
 * The storage the settings name: the local folder, or (FILE_STORAGE=s3://…) the object store, loaded only then. Apart
 * from storage.ts, which the object store's code imports, so the two never import each other. With the embedded
 * database's backups (BACKUP_DIR), the local folder's files are copied into them as they are kept.
 */
export async function openFileStorage(
  config: {
    dataDir: string;
    fileStorage: string | null;
    s3ForcePathStyle: boolean;
    backupDir?: string | null;
  },
  warn: (message: string) => void = console.warn,
): Promise<FileStorage> {
  if (!config.fileStorage) {
    const local = localStorage(config.dataDir);
    return config.backupDir ? archivingStorage(local, config.dataDir, config.backupDir, warn) : local;
  }
  const { s3Storage } = await import('../uploads/s3Storage.js');
  return s3Storage(config.fileStorage, { forcePathStyle: config.s3ForcePathStyle });
}
