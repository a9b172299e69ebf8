import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Uploaded files live in DATA_DIR/uploads under the server's uuid, never under a name the client chose. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function storedPath(dataDir: string, fileUuid: string): string {
  return path.join(uploadsDir(dataDir), fileUuid);
}

/**
 * A fresh temporary name beside the stored files, so accepting an upload is a rename on the same file system.
 * The dot keeps it apart from the uuids of stored files.
 */
export async function temporaryPath(dataDir: string): Promise<string> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  return path.join(dir, `.upload-${randomUUID()}`);
}

/**
 * What a file system error says of the uploads' storage, if it is one: full (no space, over quota) or unavailable
 * (read-only, no permission, an I/O fault, the folder gone). Either is the server's state, not the request's fault.
 */
export function storageFault(error: unknown): 'full' | 'unavailable' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'EIO' || code === 'ENOTDIR') return 'unavailable';
  return null;
}

/** Removes a file if it is there; a file already gone is no error. */
export async function removeFile(filePath: string): Promise<void> {
  await rm(filePath, { force: true });
}

/** Removes stored files by their uuids, as after a transaction that deleted their rows has committed. */
export async function removeStoredFiles(dataDir: string, fileUuids: string[]): Promise<void> {
  for (const fileUuid of fileUuids) await removeFile(storedPath(dataDir, fileUuid));
}
