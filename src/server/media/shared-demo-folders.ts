import { SHARED_DEMO_FOLDER, type RemoteMediaStorage } from './storage.ts';

/**
 * Every demo episode has a folder of its own (series/<s>/episodes/<e>/demo-<clip>-<recipe hash>/, or demo-<clip>-mp4/
 * where HLS could not be made), so the lock check and folder tokens treat it like any episode's. On disk those folders
 * are hard links of one clip's files; a bucket has no links, so there each clip's files are stored once, under
 * demo-hls/<recipe hash>/clip-<clip>/, and an episode folder's files are read from there. What an operator writes
 * into a demo episode's folder (subtitles, the master playlist listing them) is stored under the folder's own keys.
 */
const DEMO_EPISODE_FILE = /^series\/\d+\/episodes\/\d+\/demo-(\d+)-([0-9a-f]+|mp4)\/(.+)$/;

/** The key a demo episode folder's file is shared under in a bucket; null for any other key. */
export function sharedDemoKey(key: string): string | null {
  const match = DEMO_EPISODE_FILE.exec(key);
  return match ? `${SHARED_DEMO_FOLDER}/${match[2]}/clip-${match[1]}/${match[3]}` : null;
}

/**
 * The bucket as the server reads it: a demo episode's file from its clip's shared folder, unless the folder has its
 * own (its master playlist first, which an operator rewrites when adding subtitles; any other file's own key is new
 * to the folder, such as an uploaded subtitle track, so the shared key is tried first).
 */
export function withSharedDemoFolders(store: RemoteMediaStorage): RemoteMediaStorage {
  async function either<T>(key: string, read: (key: string) => Promise<T | null>): Promise<T | null> {
    const shared = sharedDemoKey(key);
    if (!shared) return read(key);
    const [first, then] = key.endsWith('/master.m3u8') ? [key, shared] : [shared, key];
    return (await read(first)) ?? read(then);
  }
  return {
    ...store,
    read: (key, options) => either(key, (k) => store.read(k, options)),
    readText: (key) => either(key, (k) => store.readText(k)),
  };
}
