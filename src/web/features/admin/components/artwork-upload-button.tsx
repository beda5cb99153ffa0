import { useRef } from 'react';
import { ImageUp } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useUploadArtwork } from '../api/upload-artwork.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';

export interface ArtworkUploadButtonProps {
  /** Names the thumbnail it fills, for screen readers ("Upload a vertical thumbnail image"). */
  label: string;
  /** Called with the /media/ URL of the stored picture. */
  onUploaded: (url: string) => void;
  /** Icon only, for the narrow edit row. */
  compact?: boolean;
}

/** Picks a picture from the device; the server checks and stores it, and its URL fills the thumbnail field. */
export function ArtworkUploadButton({ label, onUploaded, compact = false }: ArtworkUploadButtonProps) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadArtwork();
  const fail = useAdminFailure();

  const send = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => onUploaded(url),
      onError: (error) => fail(error, t('addSeries.uploadFailed')),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => send(e.target.files?.[0])}
      />
      <Button
        variant="secondary"
        size="sm"
        className={`shrink-0 rounded-lg ${compact ? 'h-9 px-2' : ''}`}
        aria-label={label}
        title={label}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? <Spinner className="size-4" /> : <ImageUp className="size-4" aria-hidden />}
        {!compact && (
          <span aria-hidden>{upload.isPending ? t('addSeries.uploadingImage') : t('addSeries.upload')}</span>
        )}
      </Button>
    </>
  );
}
