import { localStorage, type FileStorage } from './storage.js';

/**
 * The storage the settings name: the local folder, or (FILE_STORAGE=s3://…) the object store, loaded only then. Apart
 * from storage.ts, which the object store's code imports, so the two never import each other.
 */
export async function openFileStorage(config: {
  dataDir: string;
  fileStorage: string | null;
  s3ForcePathStyle: boolean;
}): Promise<FileStorage> {
  if (!config.fileStorage) return localStorage(config.dataDir);
  const { s3Storage } = await import('./s3Storage.js');
  return s3Storage(config.fileStorage, { forcePathStyle: config.s3ForcePathStyle });
}
