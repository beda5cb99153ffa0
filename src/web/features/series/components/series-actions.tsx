import { Bookmark, Coins, Heart, Share2 } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Series } from '#contract/series.ts';
import { useBookmarkedSeriesIds } from '#web/api/get-bookmarked.ts';
import { useLikedSeriesIds } from '#web/api/get-liked.ts';
import { useToggleBookmark } from '../api/toggle-bookmark.ts';
import { useToggleLike } from '../api/toggle-like.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { paths } from '#web/lib/paths.ts';
import { useShareLink } from '#web/lib/share-link.ts';
import { lazyPart, useLazyPart } from '#web/lib/lazy-part.ts';
import { pushSupported } from '../api/notify-me.ts';

const notifyMeButton = lazyPart(() => import('./notify-me-button.tsx'));

/** Like, save, share and top up: round icon buttons with their label underneath, as in the big drama apps. */
export function SeriesActions({ series, onTopUp }: { series: Series; onTopUp: () => void }) {
  const { t } = useTranslation('series');
  const liked = useLikedSeriesIds().data?.includes(series.id) ?? false;
  const saved = useBookmarkedSeriesIds().data?.includes(series.id) ?? false;
  const NotifyMe = useLazyPart(notifyMeButton, saved && pushSupported());
  const toggleLike = useToggleLike();
  const toggleBookmark = useToggleBookmark();

  const like = () =>
    toggleLike.mutate(series.id, {
      onSuccess: (reply) => {
        if (reply.liked) toast({ title: t('toast.likedTitle'), description: t('toast.likedDescription') });
      },
      onError: () => toast({ title: t('toast.actionFailed'), variant: 'destructive' }),
    });

  const save = () =>
    toggleBookmark.mutate(series.id, {
      onSuccess: (reply) => {
        if (reply.bookmarked) toast({ title: t('toast.savedTitle'), description: t('toast.savedDescription') });
      },
      onError: () => toast({ title: t('toast.actionFailed'), variant: 'destructive' }),
    });

  const shareLink = useShareLink({
    share: t('actions.share'),
    copyLink: t('actions.copyLink'),
    linkCopied: t('toast.linkCopied'),
    copyFailed: t('toast.copyFailed'),
  });
  const share = () => shareLink.share({ title: series.title, text: series.description, path: paths.series(series.id) });

  const button =
    'flex min-w-16 flex-col items-center gap-1 rounded-xl px-2 py-1.5 text-xs font-medium text-zinc-300 transition-colors hover:bg-white/5 hover:text-white disabled:opacity-60';
  const circle = 'flex size-11 items-center justify-center rounded-full bg-white/10';

  return (
    <div className="flex items-start justify-around gap-1 sm:justify-start sm:gap-3">
      <button type="button" className={button} aria-pressed={liked} onClick={like} disabled={toggleLike.isPending}>
        <span className={`${circle} ${liked ? 'bg-rose-600/20 text-rose-500' : ''}`}>
          <Heart className={`size-5 ${liked ? 'fill-current' : ''}`} aria-hidden />
        </span>
        <span className={liked ? 'text-rose-400' : ''}>{liked ? t('actions.liked') : t('actions.like')}</span>
      </button>
      <button type="button" className={button} aria-pressed={saved} onClick={save} disabled={toggleBookmark.isPending}>
        <span className={`${circle} ${saved ? 'bg-amber-400/15 text-amber-300' : ''}`}>
          <Bookmark className={`size-5 ${saved ? 'fill-current' : ''}`} aria-hidden />
        </span>
        <span className={saved ? 'text-amber-300' : ''}>{saved ? t('actions.saved') : t('actions.save')}</span>
      </button>
      {saved && NotifyMe && pushSupported() ? (
        <NotifyMe seriesId={series.id} className={button} circle={circle} />
      ) : null}
      <button type="button" className={button} onClick={() => void share()}>
        <span className={circle}>
          <Share2 className="size-5" aria-hidden />
        </span>
        {shareLink.label}
      </button>
      <button type="button" className={button} onClick={onTopUp}>
        <span className={`${circle} text-amber-300`}>
          <Coins className="size-5" aria-hidden />
        </span>
        {t('actions.topUp')}
      </button>
    </div>
  );
}
