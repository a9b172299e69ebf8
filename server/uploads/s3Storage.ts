import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { parseS3Location } from '../config.js';
import { removeFile, StorageUnavailable, type FileStorage } from './storage.js';

/**
 * A failure of the store, or of the way there (refused, reset, timed out, or an error it answers: down, denied, no
 * such bucket), is the server's state and a 503: every request is checked before it reaches the store.
 */
function unavailable(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  const network = typeof code === 'string' && /^E[A-Z]+$/.test(code);
  if (error instanceof S3ServiceException || network || (error as Error).name === 'TimeoutError')
    return new StorageUnavailable('the file store cannot be reached', { cause: error });
  return error;
}

/** Settings every S3-compatible server understands (see s3Storage). */
export const s3Compatible = { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const;

/** Nothing is kept under the key. */
const missing = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as Error).name) ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * The files in an S3-compatible object store (AWS, MinIO, Ceph, any cloud's S3), which several servers share. The
 * AWS SDK reads its own environment: AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, and AWS_ENDPOINT_URL_S3 for
 * a store that is not AWS; `forcePathStyle` (AWS_S3_FORCE_PATH_STYLE=true) for servers that need bucket/key paths.
 * Files stream both ways: a received file from its temporary file, a built download in parts as it is written, and a
 * download straight from the store; none is held whole in memory.
 */
export function s3Storage(
  location: string,
  { forcePathStyle = false, client }: { forcePathStyle?: boolean; client?: S3Client } = {},
): FileStorage {
  const { bucket, prefix } = parseS3Location(location);
  // Checksums only where S3 requires them: the SDK's newer default frames streamed bodies as aws-chunked with a
  // checksum trailer, which many S3-compatible servers store as it is rather than read.
  const s3 = client ?? new S3Client({ forcePathStyle, ...s3Compatible });
  const Key = (key: string) => `${prefix}${key}`;
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    location: `s3://${bucket}/${prefix}`,
    async keep(key, tempPath, mime) {
      const { size } = await stat(tempPath);
      await guarded(() =>
        s3.send(
          new PutObjectCommand({ Bucket: bucket, Key: Key(key), Body: createReadStream(tempPath), ContentLength: size, ContentType: mime }),
        ),
      );
      await removeFile(tempPath);
    },
    async write(key, body, mime) {
      let size = 0;
      const counted = new PassThrough();
      counted.on('data', (chunk: Buffer) => (size += chunk.length));
      body.on('error', (error) => counted.destroy(error));
      body.pipe(counted);
      // A multipart upload, a part at a time: unless it completes, nothing is kept under the key.
      const upload = new Upload({ client: s3, params: { Bucket: bucket, Key: Key(key), Body: counted, ContentType: mime } });
      await guarded(() => upload.done());
      return size;
    },
    async read(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: Key(key) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw unavailable(error);
      }
    },
    async size(key) {
      try {
        return (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: Key(key) }))).ContentLength ?? 0;
      } catch (error) {
        if (missing(error)) return null;
        throw unavailable(error);
      }
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: Key(key) }));
        await guarded(() => s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } })));
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await guarded(() => s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken })));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.Key.length > prefix.length) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
