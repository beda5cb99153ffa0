import type { Config } from '../config.ts';
import { localDiskStorage, type AnyMediaStorage } from './storage.ts';
import { withSharedDemoFolders } from './shared-demo-folders.ts';

/** The store MEDIA_STORAGE names: DATA_DIR/media, or the S3-compatible bucket (its SDK loaded only then). */
export async function createMediaStorage(config: Pick<Config, 'mediaDir' | 'mediaStorage'>): Promise<AnyMediaStorage> {
  const settings = config.mediaStorage;
  if (settings.kind === 'local') return localDiskStorage(config.mediaDir);
  const { openS3Storage } = await import('./s3-storage.ts');
  return withSharedDemoFolders(await openS3Storage(settings));
}
