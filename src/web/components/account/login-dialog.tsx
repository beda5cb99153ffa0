import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { useAccount, useAfterAccountChange } from '../../api/account.ts';
import { signInWithPasskey } from '../../api/passkeys.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../ui/toast.tsx';
import { Trans, useTranslation } from '../../lib/texts/use-translation.tsx';
import { APP_NAME } from '../../lib/product.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ProviderIcon } from './provider-icons.tsx';
import { LOGIN_PROVIDERS, providerName, useLogin, type LoginProvider } from './use-login.ts';

const providerStyles: Record<LoginProvider, string> = {
  slush: 'bg-[#4DA2FF] text-zinc-950 hover:bg-[#6bb3ff]',
  google: 'bg-white text-zinc-900 hover:bg-zinc-100',
  apple: 'bg-black text-white ring-1 ring-white/20 hover:bg-zinc-950',
};

/** A configured provider's sign-in happens on its own site: the browser goes there and comes back signed in. */
function startProviderSignIn(provider: LoginProvider) {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/api/auth/${provider}/start?returnTo=${encodeURIComponent(here)}`);
}

export function LoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // The dialog's own words come with it (the account texts), not with every page's first load.
  const { t } = useTranslation(['common', 'account']);
  const { login } = useLogin();
  const [pending, setPending] = useState<LoginProvider | 'passkey' | null>(null);
  const afterAccountChange = useAfterAccountChange();
  const configured = useAccount().data?.providers ?? [];

  const continueWithPasskey = async () => {
    setPending('passkey');
    try {
      afterAccountChange(await signInWithPasskey());
      onOpenChange(false);
      toast({ title: t('login.welcomeToast'), description: t('signIn.passkeyWelcome') });
    } catch (error) {
      toast({
        title: t('signIn.passkeyFailed'),
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  const connect = async (provider: LoginProvider) => {
    setPending(provider);
    // A real sign-in leaves the page for the provider's; the spinner stays until it does.
    if (configured.includes(provider)) return startProviderSignIn(provider);
    try {
      await login(provider);
      onOpenChange(false);
    } finally {
      setPending(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while a provider is connecting, so the result has somewhere to land.
        if (!pending) onOpenChange(next);
      }}
      title={t('signIn.title', { appName: APP_NAME })}
      description={t('signIn.welcome')}
      className="sm:max-w-sm"
    >
      <div className="flex flex-col gap-3" aria-busy={pending !== null}>
        {LOGIN_PROVIDERS.map((provider) => (
          <button
            key={provider}
            type="button"
            disabled={pending !== null}
            onClick={() => void connect(provider)}
            className={`relative flex h-12 items-center justify-center gap-3 rounded-full text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${providerStyles[provider]}`}
          >
            <span className="absolute start-4 flex items-center">
              {pending === provider ? <Spinner className="size-5" /> : <ProviderIcon provider={provider} />}
            </span>
            {t('signIn.connectWith', { provider: providerName(provider) })}
            {pending === provider && <span className="sr-only">{t('signIn.connecting')}</span>}
          </button>
        ))}
        <button
          type="button"
          disabled={pending !== null}
          onClick={() => void continueWithPasskey()}
          className="relative flex h-12 items-center justify-center gap-3 rounded-full bg-white/10 text-sm font-semibold text-white ring-1 ring-white/20 transition-colors hover:bg-white/15 disabled:cursor-not-allowed disabled:opacity-60"
          data-testid="passkey-sign-in"
        >
          <span className="absolute start-4 flex items-center">
            {pending === 'passkey' ? <Spinner className="size-5" /> : <KeyRound className="size-5" aria-hidden />}
          </span>
          {t('signIn.passkey')}
        </button>
      </div>
      <p className="mt-5 text-center text-xs leading-relaxed text-zinc-400">
        <Trans
          t={t}
          i18nKey="signIn.legal"
          components={[
            <button
              key="agreement"
              type="button"
              className="font-medium text-zinc-200 underline-offset-2 hover:underline"
            />,
            <button
              key="privacy"
              type="button"
              className="font-medium text-zinc-200 underline-offset-2 hover:underline"
            />,
          ]}
        />
      </p>
    </Dialog>
  );
}
