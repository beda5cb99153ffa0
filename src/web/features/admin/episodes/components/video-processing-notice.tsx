import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { useVideoProcessing } from '../../api/get-video-processing.ts';

/** Shown only when the server has no usable ffmpeg: uploads would be refused, so the operator is told why first. */
export function VideoProcessingNotice() {
  const { t } = useTranslation('admin');
  const status = useVideoProcessing();
  if (!status.data || status.data.available) return null;
  return (
    <div
      role="alert"
      data-testid="video-processing-off"
      className="rounded-2xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
    >
      <p className="font-semibold">{t('episodes.videoProcessingOff')}</p>
      {status.data.problem && (
        <p dir="ltr" className="mt-1 text-xs text-amber-100/80">
          {status.data.problem}
        </p>
      )}
    </div>
  );
}
