import { useRef, useState, type FormEvent } from 'react';
import { KeyRound, Lock } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { TIMINGS } from '#contract/constants.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { APP_NAME, SUPPORT_EMAIL } from '../../lib/product.ts';
import { storageKeys } from '../../lib/storage-keys.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function AccessGateScreen({ onGranted }: { onGranted: () => void }) {
  const { t } = useTranslation('gate');
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    setVerifying(true);
    try {
      await wait(TIMINGS.accessGateDelayMs);
      // The server compares the code and sets the access cookie; no code is ever known to the browser.
      await apiRequest('/api/access', { method: 'POST', body: { code } });
      localStorage.setItem(storageKeys.access.key, storageKeys.access.granted);
      toast({ title: t('grantedTitle'), description: t('grantedDescription', { appName: APP_NAME }) });
      onGranted();
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        toast({ title: t('tooManyTitle'), description: error.serverMessage, variant: 'destructive' });
      } else if (error instanceof ApiError && error.status < 500) {
        toast({ title: t('invalidTitle'), description: t('invalidDescription'), variant: 'destructive' });
      } else {
        toast({ title: t('unavailableTitle'), description: t('unavailableDescription'), variant: 'destructive' });
      }
      setVerifying(false);
      // Back to the field, text selected, ready for another try.
      requestAnimationFrame(() => input.current?.select());
    }
  };

  return (
    <main
      id="main"
      className="relative flex min-h-dvh items-center justify-center overflow-hidden px-5 py-10"
      data-testid="access-gate"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(225,29,72,0.28),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgba(249,115,22,0.14),transparent_55%)]"
      />
      <div className="relative w-full max-w-sm">
        <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-rose-700 shadow-lg shadow-rose-900/40">
          <Lock className="size-7 text-white" aria-hidden />
        </div>
        <h1 className="text-center text-3xl font-black tracking-tight text-white">
          {t('title', { appName: APP_NAME })}
        </h1>
        <p className="mt-1 text-center text-sm font-semibold tracking-wide text-rose-300">{t('subtitle')}</p>
        <p className="mt-5 text-center text-sm leading-relaxed text-zinc-300">
          {t('explanation', { appName: APP_NAME })}
        </p>
        <p className="mt-2 text-center text-sm text-zinc-400">
          {t('contact')}{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-white underline underline-offset-2">
            {SUPPORT_EMAIL}
          </a>
        </p>

        <form onSubmit={submit} className="mt-7 space-y-3">
          <label className="relative block">
            <span className="sr-only">{t('codeLabel')}</span>
            <KeyRound
              className="pointer-events-none absolute top-1/2 start-4 size-5 -translate-y-1/2 text-zinc-500"
              aria-hidden
            />
            <input
              ref={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={verifying}
              placeholder={t('placeholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              maxLength={200}
              className="h-12 w-full rounded-full border border-white/15 bg-white/5 pe-4 ps-12 text-base tracking-wider text-white placeholder:tracking-normal placeholder:text-zinc-500 focus:border-rose-500 focus:bg-white/10 focus:outline-none disabled:opacity-60"
            />
          </label>
          <Button type="submit" size="lg" disabled={verifying} className="w-full">
            {verifying && <Spinner className="size-4" />}
            {verifying ? t('verifying') : t('submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
