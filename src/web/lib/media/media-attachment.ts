import type Hls from 'hls.js/light';

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
  /** Stops loading and empties the element so it can take another episode. */
  detach(): void;
}

export type MediaFailure = 'forbidden' | 'failed';

export interface AttachOptions {
  /** Where to start, in seconds (0 or undefined: the beginning). */
  startAt?: number;
  /** The episode on screen (true) or a neighbour being preloaded (false). */
  current: boolean;
  /** A fatal error hls.js could not recover from; native playback reports through the element's error event. */
  onFailure?: (failure: MediaFailure) => void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** Seconds a preloading neighbour buffers: the first segment or two (2 s each), no more. */
const PRELOAD_BUFFER_SECONDS = 4;
const PLAYING_BUFFER_SECONDS = 30;

export const isHlsUrl = (url: string) => /\.m3u8(?:$|[?#])/i.test(url);

export const canPlayHlsNatively = (video: HTMLVideoElement) => video.canPlayType(HLS_TYPE) !== '';

let hlsModule: Promise<typeof Hls> | undefined;
/** hls.js (the light build: no subtitles or DRM, which our episodes do not use), fetched once, on demand. */
export function loadHls(): Promise<typeof Hls> {
  hlsModule ??= import('hls.js/light').then((module) => module.default);
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
  let hls: Hls | null = null;
  let detached = false;
  let current = options.current;
  void loadHls()
    .then((HlsClass) => {
      if (detached) return;
      if (!HlsClass.isSupported()) {
        // No Media Source Extensions at all: let the browser try the playlist itself.
        attachNative(video, url, startAt);
        return;
      }
      let recoveredMediaError = false;
      hls = new HlsClass({
        // Start on the smallest rendition (the first of the master playlist), then adapt to the network,
        // never above what the player's size can show.
        startLevel: 0,
        capLevelToPlayerSize: true,
        startPosition: startAt > 0 ? startAt : -1,
        maxBufferLength: current ? PLAYING_BUFFER_SECONDS : PRELOAD_BUFFER_SECONDS,
        // hls.js buffers up to maxBufferSize bytes regardless of maxBufferLength; this bound is the one it keeps.
        maxMaxBufferLength: current ? PLAYING_BUFFER_SECONDS * 2 : PRELOAD_BUFFER_SECONDS,
        backBufferLength: 10,
      });
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal || !hls) return;
        if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recoveredMediaError) {
          recoveredMediaError = true;
          hls.recoverMediaError();
          return;
        }
        const status = data.response?.code;
        options.onFailure?.(status === 403 ? 'forbidden' : 'failed');
      });
      video.replaceChildren();
      hls.loadSource(url);
      hls.attachMedia(video);
    })
    .catch(() => {
      if (!detached) options.onFailure?.('failed');
    });
  return {
    url,
    setCurrent: (next) => {
      current = next;
      if (!hls) return;
      hls.config.maxBufferLength = next ? PLAYING_BUFFER_SECONDS : PRELOAD_BUFFER_SECONDS;
      hls.config.maxMaxBufferLength = next ? PLAYING_BUFFER_SECONDS * 2 : PRELOAD_BUFFER_SECONDS;
    },
    detach: () => {
      detached = true;
      hls?.destroy();
      hls = null;
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
