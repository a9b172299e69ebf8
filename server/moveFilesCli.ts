/**
 * npm run files:migrate   copies the uploaded files of DATA_DIR/uploads to the object store FILE_STORAGE names
 *
 * Run it with the servers' settings (FILE_STORAGE, the AWS_* variables, DATA_DIR) before the servers start using the
 * store, and again just before switching over: each run copies only what is not there yet, every copy verified by its
 * SHA-256. The local files stay until you remove them.
 */
import { loadConfig } from './config.js';
import { moveFiles } from './uploads/moveFiles.js';
import { openFileStorage } from './backups/openFileStorage.js';
import { localStorage } from './uploads/storage.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(`Could not start: ${(error as Error).message}`);
  process.exit(1);
}
if (!config.fileStorage) {
  console.error('Set FILE_STORAGE=s3://bucket/prefix (and the AWS_* settings) to say where the files should go.');
  process.exit(2);
}
const from = localStorage(config.dataDir);
const to = await openFileStorage(config);
console.log(`Copying the files of ${from.location} to ${to.location}`);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
let seen = 0;
const report = await moveFiles(from, to, (so) => {
  seen += 1;
  if (seen % 100 === 0) console.log(`${seen} files: ${so.copied} copied (${megabytes(so.bytes)} MB), ${so.alreadyThere} already there`);
});
for (const { key, reason } of report.failed) console.error(`Not copied: ${key}: ${reason}`);
console.log(
  `Done: ${report.copied} copied (${megabytes(report.bytes)} MB) and verified, ${report.alreadyThere} already there, ${report.failed.length} failed.`,
);
if (report.failed.length) {
  console.error('Run the command again to retry what failed; what is already there is not copied again.');
  process.exit(1);
}
