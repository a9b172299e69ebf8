import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Compatible, s3Storage } from '../uploads/s3Storage.js';

/**
 * An S3-compatible server in this process, for the tests of the object store: a bucket of its own in a temporary
 * folder, on a free port of the loopback. The AWS SDK signs requests as S3rver expects with its fixed keys.
 */
export async function startS3Server(bucket = 'uploads') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // S3rver deletes a request's objects in parallel, each then removing its folder if that is empty, and two in one
  // folder race (a 500 now and then). Deleting only the object's own files keeps its folders, which S3 has none of.
  server.store.deleteObject = async (bucketName, key) => {
    const files = (['object', 'object.md5', 'metadata.json'] as const).map((kind) => server.store.getResourcePath(bucketName, key, kind));
    await Promise.all(files.map((file) => rm(file, { force: true })));
  };
  const { port } = await server.run();
  let closed = false;
  const env = {
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  /** A client of this server (or, given another endpoint, of one that is not there), trying each call once. */
  const client = (endpoint = env.AWS_ENDPOINT_URL_S3) =>
    new S3Client({
      endpoint,
      region: env.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
      maxAttempts: 1,
      ...s3Compatible,
    });
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    /** The SDK's environment for this server (AWS_ENDPOINT_URL_S3 and the rest). */
    env,
    client,
    /** The app's storage in this server's bucket, under `prefix`. */
    storage: (prefix: string, endpoint?: string) => s3Storage(`s3://${bucket}/${prefix}`, { client: client(endpoint) }),
    /** Stops the server and removes its files; a second call does nothing. */
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
