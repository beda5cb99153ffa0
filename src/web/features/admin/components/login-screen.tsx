import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useLogInAdmin, usePasskeyLogInAdmin } from '../api/log-in-admin.ts';
import { readableServerMessage } from '../lib/admin-session.tsx';
import { controlBase } from './styles.ts';

export interface LoginScreenProps {
  /** Why the operator is here again, e.g. the session ended on the server. */
  notice: string | null;
  onSignedIn: () => void;
}

export function LoginScreen({ notice, onSignedIn }: LoginScreenProps) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const logIn = useLogInAdmin();
  const passkeyLogIn = usePasskeyLogInAdmin();
  const pending = logIn.isPending || passkeyLogIn.isPending;
  const passwordId = useId();
  const nameId = useId();
  const nameHintId = useId();
  const noticeId = useId();

  const welcome = () => {
    setPassword('');
    onSignedIn();
    toast({ title: t('login.welcomeTitle'), description: t('login.welcomeMessage') });
  };
  const tooMany = (error: unknown) => {
    if (!(error instanceof ApiError && error.status === 429)) return false;
    toast({ title: t('login.tooManyTitle'), description: readableServerMessage(error), variant: 'destructive' });
    return true;
  };

  const signInWithPasskey = () => {
    if (pending) return;
    passkeyLogIn.mutate(undefined, {
      onSuccess: welcome,
      onError: (error) => {
        if (tooMany(error)) return;
        if (error instanceof ApiError && error.status === 401) {
          toast({ title: t('login.deniedTitle'), description: readableServerMessage(error), variant: 'destructive' });
          return;
        }
        // The browser's own refusal (cancelled, no passkey here) has no server message to show.
        const detail = error instanceof ApiError && error.status < 500 ? readableServerMessage(error) : undefined;
        toast({ title: t('login.passkeyFailed'), description: detail, variant: 'destructive' });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || pending) return;
    logIn.mutate(
      { name: name.trim() || undefined, password },
      {
        onSuccess: welcome,
        onError: (error) => {
          if (tooMany(error)) return;
          setPassword('');
          passwordRef.current?.focus();
          if (error instanceof ApiError && error.status === 401) {
            const description = name.trim() ? t('login.deniedNamed') : t('login.deniedMessage');
            toast({ title: t('login.deniedTitle'), description, variant: 'destructive' });
          } else {
            const detail = error instanceof ApiError ? readableServerMessage(error) : error.message;
            toast({ title: t('errorTitle'), description: detail, variant: 'destructive' });
          }
        },
      },
    );
  };

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-ink-950 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className={`rounded-2xl border border-white/10 bg-ink-900 p-6 shadow-2xl sm:p-8`}>
          <div className="mb-6 flex flex-col items-center text-center">
            <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-600/15 text-brand-400">
              <ShieldCheck className="size-6" aria-hidden />
            </span>
            <h1 className="text-xl font-bold tracking-tight">{t('login.title')}</h1>
            <p className="mt-1 text-sm text-zinc-400">{t('login.subtitle')}</p>
          </div>

          {notice && (
            <p
              id={noticeId}
              role="alert"
              className="mb-4 rounded-lg border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-sm text-amber-200"
            >
              {notice}
            </p>
          )}

          <form onSubmit={submit} className="space-y-4">
            <div className="space-y-1.5">
              <label htmlFor={nameId} className="text-sm font-medium text-zinc-200">
                {t('login.nameLabel')}
              </label>
              <input
                id={nameId}
                name="username"
                autoComplete="username"
                maxLength={60}
                value={name}
                onChange={(event) => setName(event.target.value)}
                disabled={pending}
                aria-describedby={nameHintId}
                className={`${controlBase} h-11 w-full px-3`}
              />
              <p id={nameHintId} className="text-xs text-zinc-400">
                {t('login.nameHint')}
              </p>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={passwordId} className="text-sm font-medium text-zinc-200">
                {t('login.passwordLabel')}
              </label>
              <input
                ref={passwordRef}
                id={passwordId}
                type="password"
                name="password"
                required
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                placeholder={t('login.passwordPlaceholder')}
                disabled={pending}
                aria-describedby={notice ? noticeId : undefined}
                className={`${controlBase} h-11 w-full px-3`}
              />
            </div>
            <Button type="submit" size="lg" className="w-full rounded-lg" disabled={pending}>
              {logIn.isPending && <Spinner className="size-4" />}
              {t('login.submit')}
            </Button>
          </form>
          <div className="my-4 flex items-center gap-3 text-xs text-zinc-400" aria-hidden>
            <span className="h-px flex-1 bg-white/10" />
            {t('login.or')}
            <span className="h-px flex-1 bg-white/10" />
          </div>
          <Button
            type="button"
            size="lg"
            variant="secondary"
            className="w-full rounded-lg"
            onClick={signInWithPasskey}
            disabled={pending}
          >
            {passkeyLogIn.isPending ? <Spinner className="size-4" /> : <KeyRound className="size-4" aria-hidden />}
            {t('login.passkey')}
          </Button>
        </div>
        <Link
          href="~/"
          className="mx-auto mt-6 flex w-fit items-center gap-1.5 rounded text-sm text-zinc-400 hover:text-white"
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('login.returnToPlatform')}
        </Link>
      </div>
    </main>
  );
}
