import { Share2 } from 'lucide-react';
import { useShareLink } from '#web/lib/share-link.ts';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';

/** Share the episode's address: the system's share sheet, or "Copy link" where the browser has none. */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const { t } = useTranslation('share');
  const shareLink = useShareLink({
    share: t('share'),
    copyLink: t('copyLink'),
    linkCopied: t('linkCopied'),
    copyFailed: t('copyFailed'),
  });
  return (
    <button
      type="button"
      aria-label={shareLink.label}
      title={shareLink.label}
      onClick={() => void shareLink.share({ title, path })}
      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm hover:bg-black/50"
    >
      <Share2 className="size-5" aria-hidden />
    </button>
  );
}
