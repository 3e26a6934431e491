import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { createLocalBlobStore } from './local-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

/** The configured store: the S3 bucket of P2M_BLOB_STORE, else `<P2M_DATA_DIR>/blobs`. */
export function openBlobStore(config: Config): BlobStore & { close(): void } {
  if (config.blobs.kind === 's3') return createS3BlobStore(config.blobs);
  return { ...createLocalBlobStore(join(config.dataDir, 'blobs')), close: () => undefined };
}
