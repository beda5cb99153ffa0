/** What a player asks of a video's attachment, and what the hls.js player (loaded only when needed) offers. */

export type MediaFailure = 'forbidden' | 'failed';

export interface AttachOptions {
  /** Where to start, in seconds (0 or undefined: the beginning). */
  startAt?: number;
  /** The episode on screen (true) or a neighbour being preloaded (false). */
  current: boolean;
  /** A fatal error hls.js could not recover from; native playback reports through the element's error event. */
  onFailure?: (failure: MediaFailure) => void;
}

/**
 * An HLS playlist played through hls.js (the light build: no subtitles or DRM, which our episodes do not use),
 * loaded with this module only when the browser cannot play the playlist itself.
 */
export interface HlsPlayback {
  setCurrent(current: boolean): void;
  /** Every later playlist and segment is asked for in the folder of `url` (a new token's address). */
  renew(url: string): true;
  destroy(): void;
}
