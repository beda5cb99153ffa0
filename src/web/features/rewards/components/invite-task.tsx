import { Copy, Share2 } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { copyLink, useShareLink } from '#web/lib/share-link.ts';
import { formatNumber } from '#web/lib/format.ts';
import { useInvitation } from '../api/get-invitation.ts';

const BUTTON =
  'inline-flex h-9 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-bold transition-colors disabled:opacity-60';

/** "Invite a friend": the viewer's link with Share and Copy, the friends it brought and the bonuses it earned. */
export function InviteTask() {
  const { t } = useTranslation('rewards');
  const invitation = useInvitation();
  const texts = {
    share: t('tasks.invite.share'),
    copyLink: t('tasks.invite.copy'),
    linkCopied: t('tasks.invite.copied'),
    copyFailed: t('tasks.invite.copyFailed'),
  };
  const shareLink = useShareLink(texts);
  const data = invitation.data;
  const url = data && typeof window !== 'undefined' ? new URL(data.path, window.location.origin).href : '';

  return (
    <div className="mt-3 space-y-2" data-testid="invite-task">
      {invitation.isError ? (
        <p className="text-xs text-rose-300">{t('tasks.invite.error')}</p>
      ) : (
        <>
          <label className="block">
            <span className="sr-only">{t('tasks.invite.link')}</span>
            <input
              readOnly
              value={url}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-xl bg-black/30 px-3 py-2 text-xs text-zinc-200 ring-1 ring-white/10"
              data-testid="invite-link"
            />
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              disabled={!data}
              onClick={() =>
                data &&
                void shareLink.share({
                  title: t('tasks.invite.title'),
                  text: t('tasks.invite.shareText'),
                  path: data.path,
                })
              }
              className={`${BUTTON} bg-gradient-to-r from-rose-600 to-orange-500 text-white hover:brightness-110`}
            >
              <Share2 className="size-4" aria-hidden />
              {texts.share}
            </button>
            <button
              type="button"
              disabled={!data}
              onClick={() => data && void copyLink(data.path, texts)}
              className={`${BUTTON} bg-white/10 text-zinc-100 hover:bg-white/15`}
            >
              <Copy className="size-4" aria-hidden />
              {texts.copyLink}
            </button>
          </div>
          <p className="flex flex-wrap gap-x-4 text-xs text-zinc-300">
            <span data-testid="invite-friends">
              {t('tasks.invite.invited', { number: formatNumber(data?.invited ?? 0) })}
            </span>
            <span data-testid="invite-earned">
              {t('tasks.invite.earned', { number: formatNumber(data?.bonusesEarned ?? 0) })}
            </span>
          </p>
        </>
      )}
    </div>
  );
}
