import { translate } from '../../lib/texts/text-store.ts';
import { toast } from '../ui/toast.tsx';
import { LOGIN_PROVIDERS, providerName, type LoginProvider } from './use-login.ts';

/**
 * Back from a provider's sign-in (`?signedIn=google` on the page it returned to): the welcome, once; the mark is
 * taken off the address so a reload does not welcome again.
 */
export function welcomeBackFromProvider() {
  const url = new URL(window.location.href);
  const provider = url.searchParams.get('signedIn') as LoginProvider | null;
  if (!provider) return;
  url.searchParams.delete('signedIn');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!LOGIN_PROVIDERS.includes(provider)) return;
  toast({
    title: translate('login.welcomeToast', { ns: 'common' }),
    description: translate('login.welcomeToastDescription', { ns: 'common', provider: providerName(provider) }),
  });
}
