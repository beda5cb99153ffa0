import { Crown, Loader2 } from 'lucide-react';
import { useSearchParams } from 'wouter';
import type { Account } from '#contract/accounts.ts';
import { useAfterAccountChange } from '#web/api/account.ts';
import { useVipPass, vipPlays } from '#web/api/get-vip-pass.ts';
import { addPasskey } from '#web/api/passkeys.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDay, formatMoney } from '#web/lib/format.ts';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { useCancelVipPass } from '../api/cancel-vip-pass.ts';
import { useManageVipPass } from '../api/manage-vip-pass.ts';
import { isVipCheckout, useStartVipPass } from '../api/start-vip-pass.ts';

/**
 * The weekly VIP pass: every episode plays without coins while it lasts. Only an account gets one (a guest's would
 * be lost with the browser's cookie), so a guest is asked to add a passkey or sign in first. In the preview the pass
 * is free for 7 days and "Cancel" ends it at once; a paid pass is bought on the payment provider's page, which comes
 * back to /profile?vip=paid (or =cancelled), and is managed in its customer portal ("Manage").
 */
export function VipPassSection({ account, onSignIn }: { account: Account | undefined; onSignIn: () => void }) {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const back = params.get('vip');
  const vip = useVipPass({ waitForPass: back === 'paid' });
  const start = useStartVipPass();
  const cancel = useCancelVipPass();
  const manage = useManageVipPass();
  const afterAccountChange = useAfterAccountChange();
  const pass = vip.data?.pass;
  const offer = vip.data?.offer;

  const failed = (error: unknown) =>
    toast({
      title: t('vip.failed'),
      description: error instanceof ApiError ? error.serverMessage : undefined,
      variant: 'destructive',
    });
  const savePasskey = async () => {
    try {
      afterAccountChange(await addPasskey());
      toast({ title: t('passkeys.added') });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <section
      aria-labelledby="vip-heading"
      className="rounded-2xl bg-gradient-to-br from-amber-400/15 to-transparent p-4 ring-1 ring-amber-300/20"
      data-testid="vip-pass"
    >
      <div className="flex items-center gap-3">
        <Crown className="size-5 text-amber-300" aria-hidden />
        <h2 id="vip-heading" className="flex-1 font-semibold">
          {t('vip.title')}
        </h2>
      </div>
      {!vip.data || !offer ? (
        <Skeleton className="mt-3 h-10 w-full" />
      ) : pass && vipPlays(pass) ? (
        <div className="mt-2 space-y-2">
          <p className="text-lg font-bold text-amber-200" data-testid="vip-until">
            {t('vip.until', { date: formatDay(pass.currentPeriodEnd) })}
          </p>
          {pass.status === 'past_due' && <p className="text-sm text-amber-300">{t('vip.pastDue')}</p>}
          {pass.provider === 'preview' ? (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="secondary"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () => toast({ title: t('vip.cancelled') }),
                    onError: failed,
                  })
                }
              >
                {t('vip.cancel')}
              </Button>
              <p className="flex-1 text-xs text-zinc-400">{t('vip.cancelHint')}</p>
            </div>
          ) : (
            <Button
              variant="secondary"
              disabled={manage.isPending}
              onClick={() => manage.mutate(undefined, { onError: failed })}
            >
              {t('vip.manage')}
            </Button>
          )}
        </div>
      ) : (
        <div className="mt-2 space-y-3">
          {back === 'paid' && (
            <p role="status" className="flex items-center gap-2 text-sm font-semibold text-amber-200">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              {t('vip.waiting')}
            </p>
          )}
          {back === 'cancelled' && (
            <p role="status" className="text-sm text-zinc-300">
              {t('vip.checkoutCancelled')}
            </p>
          )}
          <p className="text-sm text-zinc-300">{t('vip.pitch')}</p>
          <p className="text-sm">
            <span className="font-bold">{t('vip.price', { price: formatMoney(offer.price, offer.currency) })}</span>
            {offer.preview && (
              <span className="ms-2 text-amber-300">{t('vip.previewOffer', { days: offer.days })}</span>
            )}
          </p>
          {account?.signedIn ? (
            <Button
              disabled={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: (reply) => {
                    if (!isVipCheckout(reply)) toast({ title: t('vip.started') });
                  },
                  onError: failed,
                })
              }
            >
              {t('vip.get')}
            </Button>
          ) : (
            <div className="space-y-2">
              <p className="text-sm text-zinc-400">{t('vip.signInFirst')}</p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void savePasskey()}>{t('passkeys.add')}</Button>
                <Button variant="secondary" onClick={onSignIn}>
                  {t('login')}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
