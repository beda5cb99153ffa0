import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import type { SubtitleSize } from './subtitle-preference.ts';

const TEXT_SIZE: Record<SubtitleSize, string> = {
  small: 'text-sm',
  medium: 'text-lg',
  large: 'text-2xl',
};
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb']);

/** The cues showing now, above the controls (higher while they show), on a dark band, line breaks kept. */
export function SubtitleOverlay(props: {
  track: EpisodeSubtitle | undefined;
  cues: VTTCue[];
  size: SubtitleSize;
  controlsShown: boolean;
}) {
  const { track, cues } = props;
  if (!track || cues.length === 0) return null;
  const dir = RIGHT_TO_LEFT.has(track.language.toLowerCase().split('-')[0]!) ? 'rtl' : 'auto';
  return (
    <div
      className={`pointer-events-none absolute inset-x-0 z-[5] flex flex-col items-center gap-1 px-4 transition-[bottom] duration-300 ${
        props.controlsShown ? 'bottom-32' : 'bottom-10'
      }`}
      data-testid="subtitle-overlay"
      lang={track.language}
    >
      {cues.map((cue, index) => (
        <p
          key={`${cue.startTime}-${index}`}
          dir={dir}
          className={`max-w-full rounded-md bg-black/80 px-3 py-1 text-center leading-snug font-semibold whitespace-pre-line text-white ${TEXT_SIZE[props.size]}`}
          ref={(element) => {
            // The browser builds the cue's own markup (b, i, u, ruby…) as DOM nodes, never as HTML.
            element?.replaceChildren(cue.getCueAsHTML());
          }}
        />
      ))}
    </div>
  );
}
