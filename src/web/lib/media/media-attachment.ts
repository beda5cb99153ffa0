import type * as HlsPlaybackModule from './hls-playback.ts';
import type { AttachOptions, HlsPlayback } from './playback-options.ts';

/**
 * How a <video> element gets an episode's media (the watch page's feed and the dashboard's preview):
 * - an HLS playlist (…/master.m3u8) plays natively where the browser can (Safari, recent Chrome), else
 *   through hls.js, which is imported here only, so only a page that plays video ever downloads it;
 * - anything else (the MP4 demo clips) is a plain src.
 * An element that only preloads (the next episode) buffers a few seconds; once it is the one playing,
 * `setCurrent(true)` lets it buffer normally.
 */
export interface MediaAttachment {
  readonly url: string;
  setCurrent(current: boolean): void;
  /**
   * Goes on loading from `url`, the same media at a new token's address, without reloading: true when it could
   * (hls.js asks every later playlist and segment there); absent or false when only a reload can (native playback).
   */
  renew?(url: string): boolean;
  /** Stops loading and empties the element so it can take another episode. */
  detach(): void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export const isHlsUrl = (url: string) => /\.m3u8(?:$|[?#])/i.test(url);

export const canPlayHlsNatively = (video: HTMLVideoElement) => video.canPlayType(HLS_TYPE) !== '';

let hlsModule: Promise<typeof HlsPlaybackModule> | undefined;
/** hls.js and our use of it, fetched once, on demand. */
export function loadHls() {
  hlsModule ??= import('./hls-playback.ts');
  return hlsModule;
}

export function attachMedia(video: HTMLVideoElement, url: string, options: AttachOptions): MediaAttachment {
  const startAt = options.startAt && options.startAt > 0 ? options.startAt : 0;
  if (isHlsUrl(url) && !canPlayHlsNatively(video)) return attachWithHlsJs(video, url, startAt, options);
  return attachNative(video, url, startAt);
}

function attachNative(video: HTMLVideoElement, url: string, startAt: number): MediaAttachment {
  // A media fragment makes the browser fetch from the resume point instead of loading the start first.
  const src = startAt > 0 ? `${url}#t=${startAt.toFixed(1)}` : url;
  // The element the page's HTML brought (see the server's watch page) may be loading it already.
  if (video.currentSrc !== new URL(src, document.baseURI).href) {
    video.replaceChildren();
    video.src = src;
    video.load();
  }
  return {
    url,
    setCurrent: () => {},
    detach: () => emptyElement(video),
  };
}

function attachWithHlsJs(
  video: HTMLVideoElement,
  url: string,
  startAt: number,
  options: AttachOptions,
): MediaAttachment {
  let playback: HlsPlayback | null = null;
  let detached = false;
  let current = options.current;
  void loadHls()
    .then((hls) => {
      if (detached) return;
      playback = hls.playWithHls(video, url, { ...options, startAt, current });
      // No Media Source Extensions at all: let the browser try the playlist itself.
      if (!playback) attachNative(video, url, startAt);
    })
    .catch(() => {
      if (!detached) options.onFailure?.('failed');
    });
  return {
    url,
    setCurrent: (next) => {
      current = next;
      playback?.setCurrent(next);
    },
    renew: (next) => playback?.renew(next) ?? false,
    detach: () => {
      detached = true;
      playback?.destroy();
      playback = null;
      emptyElement(video);
    },
  };
}

function emptyElement(video: HTMLVideoElement) {
  video.pause();
  video.replaceChildren();
  video.removeAttribute('src');
  video.load();
}
