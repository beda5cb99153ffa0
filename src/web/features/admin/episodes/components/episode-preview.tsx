import { useEffect, useId, useRef, useState } from 'react';
import { AlertCircle } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { AdminEpisode } from '#contract/episodes.ts';
import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import { attachMedia, isHlsUrl } from '#web/lib/media/media-attachment.ts';
import { readWebVtt } from '#web/lib/media/read-web-vtt.ts';
import { useEpisodeLadder } from '../../api/get-episode-ladder.ts';
import { selectClass } from '../../components/styles.ts';

/** The value of the quality choice that plays the master playlist (the player picks a rendition as viewers' do). */
const ADAPTIVE = 'adaptive';

/**
 * An operator's check of an episode before viewers see it, locked or not: its video, the whole ladder or one
 * rendition of it, with any of its subtitle tracks. It is not the viewer's player: it reports no viewing events
 * and saves no progress, so the preview counts as no play.
 */
export function EpisodePreview({ episode }: { episode: AdminEpisode }) {
  const { t } = useTranslation('admin');
  const number = episode.episodeNumber;
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const ladder = useEpisodeLadder(episode.videoUrl);
  const [source, setSource] = useState(ADAPTIVE);
  const [language, setLanguage] = useState<string | null>(episode.subtitles[0]?.language ?? null);
  const [failed, setFailed] = useState(false);
  const qualityId = useId();
  const subtitlesId = useId();

  useAttachedSource(video, source === ADAPTIVE ? episode.videoUrl : source, () => setFailed(true));
  usePreviewSubtitles(video, episode.subtitles, language);

  const renditions = ladder.data ?? [];
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-white/5 bg-white/[0.02] p-2 sm:flex-row"
      data-testid="episode-preview"
    >
      <video
        ref={setVideo}
        className="aspect-[9/16] w-full max-w-[220px] self-center rounded-md bg-black sm:self-start"
        controls
        playsInline
        poster={episode.thumbnailUrl || undefined}
        aria-label={t('episodes.preview.videoLabel', { number })}
        onError={() => setFailed(true)}
      />
      <div className="min-w-0 flex-1 space-y-2">
        {isHlsUrl(episode.videoUrl) && (
          <div className="space-y-0.5">
            <label htmlFor={qualityId} className="block text-xs text-zinc-400">
              {t('episodes.preview.quality')}
            </label>
            <select
              id={qualityId}
              className={selectClass}
              value={source}
              onChange={(event) => {
                setFailed(false);
                setSource(event.target.value);
              }}
            >
              <option value={ADAPTIVE}>{t('episodes.preview.adaptive')}</option>
              {renditions.map((rendition) => (
                <option key={rendition.url} value={rendition.url}>
                  {t('episodes.preview.rendition', {
                    // A frame size names the rendition: not a quantity to write the language's way.
                    size: `${rendition.width}×${rendition.height}`,
                    kbps: Math.round(rendition.bandwidth / 1000),
                  })}
                </option>
              ))}
            </select>
          </div>
        )}
        {episode.subtitles.length > 0 && (
          <div className="space-y-0.5">
            <label htmlFor={subtitlesId} className="block text-xs text-zinc-400">
              {t('episodes.preview.subtitles')}
            </label>
            <select
              id={subtitlesId}
              className={selectClass}
              value={language ?? ''}
              onChange={(event) => setLanguage(event.target.value || null)}
            >
              <option value="">{t('episodes.preview.subtitlesOff')}</option>
              {episode.subtitles.map((track) => (
                <option key={track.language} value={track.language}>
                  {`${track.label} (${track.language})`}
                </option>
              ))}
            </select>
          </div>
        )}
        {(failed || ladder.isError) && (
          <p role="alert" className="flex items-start gap-1.5 text-xs text-red-300">
            <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
            {t('episodes.preview.failed')}
          </p>
        )}
        <p className="text-xs text-zinc-400">{t('episodes.preview.notCounted')}</p>
      </div>
    </div>
  );
}

/**
 * Plays `url` in the element the way the watch page does (native HLS, else hls.js fetched on demand); another
 * rendition carries on from the same moment, playing if it was.
 */
function useAttachedSource(video: HTMLVideoElement | null, url: string, onFailure: () => void) {
  const failure = useRef(onFailure);
  failure.current = onFailure;
  const resume = useRef({ at: 0, playing: true });
  useEffect(() => {
    if (!video) return;
    const { at, playing } = resume.current;
    // Opening the preview plays it; the element starts once it has what hls.js (or the browser) loads.
    video.autoplay = playing;
    const attachment = attachMedia(video, url, { current: true, startAt: at, onFailure: () => failure.current() });
    return () => {
      resume.current = { at: video.currentTime, playing: !video.paused };
      attachment.detach();
    };
  }, [video, url]);
}

/**
 * The chosen track showing, drawn by the browser. Tracks made with addTextTrack survive the element being emptied
 * between renditions and cannot be removed, so each file gets one, filled once, and the others are turned off.
 */
function usePreviewSubtitles(
  video: HTMLVideoElement | null,
  tracks: readonly EpisodeSubtitle[],
  language: string | null,
) {
  const made = useRef(new Map<string, { track: TextTrack; state: 'empty' | 'loading' | 'filled' }>());
  const chosen = tracks.find((track) => track.language === language);
  const fileUrl = chosen?.fileUrl;
  useEffect(() => {
    if (!video) return;
    for (const { track } of made.current.values()) track.mode = 'disabled';
    if (!chosen) return;
    let entry = made.current.get(chosen.fileUrl);
    if (!entry) {
      entry = { track: video.addTextTrack(chosen.kind, chosen.label, chosen.language), state: 'empty' };
      made.current.set(chosen.fileUrl, entry);
    }
    entry.track.mode = 'showing';
    if (entry.state !== 'empty') return;
    const filling = entry;
    filling.state = 'loading';
    fetch(chosen.fileUrl, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((text) => {
        for (const cue of readWebVtt(text)) filling.track.addCue(new VTTCue(cue.start, cue.end, cue.text));
        filling.state = 'filled';
      })
      .catch(() => {
        // Choosing the track again tries again.
        filling.state = 'empty';
      });
    // The file names the track; a new tracks array with the same file changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, fileUrl]);
}
