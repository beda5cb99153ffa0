import { WATCH_START_STAGE_ID } from '#contract/watch-start.ts';
import { attachMedia, type MediaAttachment } from '#web/lib/media/media-attachment.ts';
import type { MediaFailure } from '#web/lib/media/playback-options.ts';

/**
 * The feed's few <video> elements, reused from episode to episode instead of one per episode: the element
 * that preloaded the next episode is the one that plays it after a swipe (no new element, no new load),
 * and the one that falls out of reach takes the next neighbour.
 *
 * The elements live outside React (React would move or recreate them); each sits in a slot placed at its
 * episode's position in the feed. The slot of the episode on screen is kept first in the document, so
 * `document.querySelector('video')` is always the video the viewer sees.
 */
export interface PooledVideo {
  readonly slot: HTMLDivElement;
  video: HTMLVideoElement;
  episodeId: number | null;
  attachment: MediaAttachment | null;
  failure: MediaFailure | null;
  /** What was attached, to attach it again after a failure. */
  loaded: PoolEpisode | null;
}

export interface PoolEpisode {
  id: number;
  videoUrl: string;
  poster?: string;
  /** Names the video for assistive technology. */
  label: string;
  /** Position in the feed: the slot is drawn at index × 100 % of the feed's height. */
  index: number;
  /** Resume point in seconds, read once when the episode is attached. */
  startAt?: number;
  /** A neighbour's loading: the next episode loads its start ('auto'), the previous one only its metadata. */
  preload?: 'auto' | 'metadata';
}

const VIDEO_CLASS = 'absolute inset-0 size-full bg-black object-contain';
const SLOT_CLASS = 'absolute inset-0 overflow-hidden bg-black';

export function createPooledVideoElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = VIDEO_CLASS;
  video.playsInline = true;
  video.preload = 'auto';
  video.setAttribute('webkit-playsinline', '');
  return video;
}

interface EarlyVideo {
  episodeId: number;
  video: HTMLVideoElement;
  attachment: MediaAttachment;
  stage: HTMLElement | null;
  /** Its first frame is on screen. */
  shown: boolean;
  /** What its loader (hls.js) reported before a pool took it over. */
  failure?: MediaFailure;
}
let adoptable: EarlyVideo | null = null;
/** Where the loader of an early video a pool took over reports to. */
let adoptedEarlyFailed: ((attachment: MediaAttachment, failure: MediaFailure) => void) | null = null;

/** A failure of an early video's loader: kept until a pool takes the element over, then the pool's. */
export function failEarlyVideo(attachment: MediaAttachment, failure: MediaFailure) {
  if (adoptable?.attachment === attachment) adoptable.failure = failure;
  else adoptedEarlyFailed?.(attachment, failure);
}
const earlyListeners = new Set<() => void>();
const notifyEarly = () => earlyListeners.forEach((listener) => listener());

/** The early start (see early-start.ts) hands over the element it already began loading. */
export function offerEarlyVideo(episodeId: number, video: HTMLVideoElement, attachment: MediaAttachment) {
  dismissEarlyVideo();
  adoptable = { episodeId, video, attachment, stage: null, shown: false };
  notifyEarly();
}

/**
 * Whether an early video for this episode is still on its way to its first frame. The page holds the
 * feed back meanwhile: mounting it is the page's heaviest work, and the video's requests wait for the
 * same main thread.
 */
export function isEarlyVideoLoading(episodeId: number): boolean {
  return adoptable !== null && adoptable.episodeId === episodeId && !adoptable.shown;
}

export function subscribeEarlyVideo(listener: () => void) {
  earlyListeners.add(listener);
  return () => earlyListeners.delete(listener);
}

/**
 * Shows the early video at once, full screen over the loading screen (the app's styles may not be there
 * yet: inline styles), and starts it: with sound if the browser allows, else muted (the feed then offers
 * "Tap for sound"). The feed moves it into its place when it mounts.
 */
export function showEarlyVideo() {
  if (!adoptable || adoptable.stage) return;
  const { video } = adoptable;
  // The video the page's HTML brought is on its stage already.
  let stage = video.parentElement;
  if (stage?.id !== WATCH_START_STAGE_ID) {
    stage = document.createElement('div');
    Object.assign(stage.style, { position: 'fixed', inset: '0', zIndex: '45', background: '#000' });
    Object.assign(video.style, {
      position: 'absolute',
      inset: '0',
      width: '100%',
      height: '100%',
      objectFit: 'contain',
    });
    stage.append(video);
    document.body.append(stage);
  }
  adoptable.stage = stage;
  video.dataset.active = 'true';
  const early = adoptable;
  playOnFirstFrame(video, () => {
    early.shown = true;
    notifyEarly();
  });
  // Asked to play at once: a browser may hold back a preloading element's requests while the page loads.
  video.play().catch((error: unknown) => {
    if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
    video.muted = true;
    void video.play().catch(() => undefined);
  });
}

/** The page will not play the early video after all (an error, a locked episode, the viewer left). */
export function dismissEarlyVideo() {
  if (!adoptable) return;
  adoptable.attachment.detach();
  adoptable.stage?.remove();
  adoptable = null;
  notifyEarly();
}

/**
 * A preloaded, paused video shows its first frame; encoded streams often have it a few frames in (0.08 s
 * here, the encoder's reordering delay). Started from 0, the player waits that long on the frame it already
 * shows before drawing the next one; moved onto the frame itself, it draws the next one as soon as it
 * plays. Swiping to a preloaded episode then shows movement about twice as fast.
 */
function primeFirstFrame(video: HTMLVideoElement, stillWanted: () => boolean) {
  if (!('requestVideoFrameCallback' in video)) return;
  video.requestVideoFrameCallback((_now, frame) => {
    if (stillWanted() && video.paused && video.currentTime < frame.mediaTime) video.currentTime = frame.mediaTime;
  });
}

/** Starts a video once its first frame is on screen (sooner seen than if the clock first ran up to it). */
export function playOnFirstFrame(video: HTMLVideoElement, play: () => void | Promise<void>) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    video.removeEventListener('loadeddata', start);
    void play();
  };
  if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return start();
  video.addEventListener('loadeddata', start);
  if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(start);
}

export class VideoPool {
  readonly entries: PooledVideo[] = [];
  private failureListener: ((episodeId: number, failure: MediaFailure) => void) | null = null;

  constructor(
    private readonly layer: HTMLElement,
    size: number,
  ) {
    for (let i = 0; i < size; i += 1) {
      const slot = document.createElement('div');
      slot.className = SLOT_CLASS;
      slot.hidden = true;
      const video = createPooledVideoElement();
      slot.append(video);
      layer.append(slot);
      this.entries.push({ slot, video, episodeId: null, attachment: null, failure: null, loaded: null });
    }
  }

  onFailure(listener: (episodeId: number, failure: MediaFailure) => void) {
    this.failureListener = listener;
  }

  entryOf(episodeId: number): PooledVideo | undefined {
    return this.entries.find((entry) => entry.episodeId === episodeId);
  }

  /**
   * Gives each wanted episode an element, most important first (the current one, then the next, then the
   * previous): an element that already holds an episode keeps it; the others are emptied and reused.
   * Returns the current episode's entry.
   */
  sync(current: PoolEpisode, neighbours: PoolEpisode[]): PooledVideo {
    const wanted = [current, ...neighbours].slice(0, this.entries.length);
    const wantedIds = new Set(wanted.map((episode) => episode.id));
    // Empty elements first: an element still holding an episode may be wanted again soon (a swipe back).
    const free = this.entries
      .filter((entry) => entry.episodeId === null || !wantedIds.has(entry.episodeId))
      .sort((a, b) => Number(a.episodeId !== null) - Number(b.episodeId !== null));
    for (const episode of wanted) {
      let entry = this.entryOf(episode.id);
      if (!entry) {
        entry = free.shift()!;
        this.load(entry, episode, episode === current);
      }
      entry.slot.hidden = false;
      entry.slot.style.transform = `translateY(${episode.index * 100}%)`;
      entry.video.preload = episode === current ? 'auto' : (episode.preload ?? 'auto');
      entry.video.setAttribute('aria-label', episode.label);
      entry.video.dataset.active = String(episode === current);
      entry.attachment?.setCurrent(episode === current);
    }
    for (const entry of free) this.release(entry);

    const active = this.entryOf(current.id)!;
    // The slot on screen first in the document; only the others move (moving a playing element could pause it).
    if (this.layer.firstElementChild !== active.slot) {
      for (const entry of this.entries) if (entry !== active) this.layer.append(entry.slot);
    }
    return active;
  }

  /** Takes over the element an early start began loading, if it is for this episode. */
  adoptEarly(episode: PoolEpisode): boolean {
    if (!adoptable || adoptable.episodeId !== episode.id || this.entryOf(episode.id)) return false;
    const early = adoptable;
    adoptable = null;
    notifyEarly();
    const entry = this.entries[0]!;
    this.release(entry);
    // An atomic move where the browser has one, so a playing video keeps playing.
    const slot = entry.slot as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
    if (slot.moveBefore) slot.moveBefore(early.video, entry.video);
    else slot.insertBefore(early.video, entry.video);
    entry.video.remove();
    early.video.removeAttribute('style');
    early.video.removeAttribute('id');
    early.video.className = VIDEO_CLASS;
    early.stage?.remove();
    entry.video = early.video;
    entry.episodeId = episode.id;
    entry.attachment = early.attachment;
    entry.loaded = episode;
    this.watchErrors(entry);
    adoptedEarlyFailed = (attachment, failure) => {
      if (entry.attachment === attachment) this.fail(entry, episode.id, failure);
    };
    // A failure before the take-over (a refused playlist) is the pool's to answer, as one after it.
    const failed = early.failure ?? (early.video.error ? 'failed' : null);
    if (failed) queueMicrotask(() => this.fail(entry, episode.id, failed));
    return true;
  }

  /**
   * Loads an episode's media again on the same element (after a network failure), from where it was; from
   * `videoUrl` when given (a new token: the one it was loaded with may have expired).
   */
  reload(episodeId: number, videoUrl?: string) {
    const entry = this.entryOf(episodeId);
    if (!entry?.loaded) return;
    const at = entry.video.currentTime;
    const episode = {
      ...entry.loaded,
      startAt: at > 0 ? at : entry.loaded.startAt,
      videoUrl: videoUrl ?? entry.loaded.videoUrl,
    };
    const active = entry.video.dataset.active === 'true';
    this.load(entry, episode, active);
    entry.video.dataset.active = String(active);
  }

  /**
   * A new token's address for an episode: taken in place where its loader can (hls.js); else, on a paused
   * element, by a reload at the same position (a playing one reloads when a segment is refused).
   */
  renew(episodeId: number, videoUrl: string) {
    const entry = this.entryOf(episodeId);
    if (entry?.attachment && !entry.attachment.renew?.(videoUrl) && entry.video.paused)
      this.reload(episodeId, videoUrl);
  }

  destroy() {
    for (const entry of this.entries) {
      this.release(entry);
      entry.slot.remove();
    }
  }

  private load(entry: PooledVideo, episode: PoolEpisode, current: boolean) {
    this.release(entry);
    entry.episodeId = episode.id;
    entry.loaded = episode;
    entry.slot.hidden = false;
    const video = entry.video;
    // The poster covers the wait for the episode on screen; a preloaded neighbour shows its own first frame.
    if (episode.poster && current) video.poster = episode.poster;
    else video.removeAttribute('poster');
    entry.attachment = attachMedia(video, episode.videoUrl, {
      startAt: episode.startAt,
      current,
      onFailure: (failure) => this.fail(entry, episode.id, failure),
    });
    this.watchErrors(entry);
    if (!current) primeFirstFrame(video, () => entry.episodeId === episode.id);
  }

  private watchErrors(entry: PooledVideo) {
    const episodeId = entry.episodeId;
    entry.video.onerror = () => {
      if (entry.episodeId === episodeId && episodeId !== null && entry.video.error)
        this.fail(entry, episodeId, 'failed');
    };
  }

  private fail(entry: PooledVideo, episodeId: number, failure: MediaFailure) {
    if (entry.episodeId !== episodeId) return;
    entry.failure = failure;
    this.failureListener?.(episodeId, failure);
  }

  private release(entry: PooledVideo) {
    entry.attachment?.detach();
    entry.attachment = null;
    entry.episodeId = null;
    entry.failure = null;
    entry.loaded = null;
    entry.video.onerror = null;
    entry.video.removeAttribute('data-active');
    entry.slot.hidden = true;
  }
}
