import Hls from 'hls.js/light';
import type { AttachOptions, HlsPlayback } from './playback-options.ts';

/** Seconds a preloading neighbour buffers: the first segment or two (2 s each), no more. */
const PRELOAD_BUFFER_SECONDS = 4;
const PLAYING_BUFFER_SECONDS = 30;

const folderOf = (address: string) => new URL(address.slice(0, address.lastIndexOf('/') + 1), document.baseURI).href;

/** Plays `url` on `video`; null where the browser has no Media Source Extensions. */
export function playWithHls(
  video: HTMLVideoElement,
  url: string,
  options: AttachOptions & { startAt: number },
): HlsPlayback | null {
  if (!Hls.isSupported()) return null;
  const firstFolder = folderOf(url);
  let latestFolder = firstFolder;
  let recoveredMediaError = false;
  const hls = new Hls({
    // Start on the smallest rendition (the first of the master playlist), then adapt to the network,
    // never above what the player's size can show.
    startLevel: 0,
    capLevelToPlayerSize: true,
    startPosition: options.startAt > 0 ? options.startAt : -1,
    maxBufferLength: options.current ? PLAYING_BUFFER_SECONDS : PRELOAD_BUFFER_SECONDS,
    // hls.js buffers up to maxBufferSize bytes regardless of maxBufferLength; this bound is the one it keeps.
    maxMaxBufferLength: options.current ? PLAYING_BUFFER_SECONDS * 2 : PRELOAD_BUFFER_SECONDS,
    backBufferLength: 10,
    // Playlists were read at the first address; once a token is renewed their files are asked for at the new one.
    xhrSetup: (xhr, requested) => {
      if (latestFolder !== firstFolder && requested.startsWith(firstFolder)) {
        xhr.open('GET', latestFolder + requested.slice(firstFolder.length), true);
      }
    },
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMediaError) {
      recoveredMediaError = true;
      hls.recoverMediaError();
      return;
    }
    options.onFailure?.(data.response?.code === 403 ? 'forbidden' : 'failed');
  });
  video.replaceChildren();
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    setCurrent: (current) => {
      hls.config.maxBufferLength = current ? PLAYING_BUFFER_SECONDS : PRELOAD_BUFFER_SECONDS;
      hls.config.maxMaxBufferLength = current ? PLAYING_BUFFER_SECONDS * 2 : PRELOAD_BUFFER_SECONDS;
    },
    renew: (next) => {
      latestFolder = folderOf(next);
      return true;
    },
    destroy: () => hls.destroy(),
  };
}
