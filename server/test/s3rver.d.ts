// S3rver ships no types: what the tests use of it.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Its files on disk: an object is three files named after its key. */
    store: {
      getResourcePath(bucket: string, key: string, resource: 'object' | 'object.md5' | 'metadata.json'): string;
      deleteObject(bucket: string, key: string): Promise<void>;
    };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
