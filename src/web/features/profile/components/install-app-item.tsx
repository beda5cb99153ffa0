import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { installApp, useInstallWay } from '#web/pwa/use-install-offer.ts';

/**
 * "Install the app" in the profile's menu, where the browser can install it: its own dialog, or on iOS the
 * steps shown under the item. Nothing where the app is installed already or the browser cannot.
 */
export default function InstallAppItem() {
  const { t } = useTranslation('profile');
  const way = useInstallWay();
  const [stepsShown, setStepsShown] = useState(false);
  if (!way) return null;
  return (
    <li>
      <button
        type="button"
        onClick={() => (way === 'prompt' ? void installApp() : setStepsShown((shown) => !shown))}
        aria-expanded={way === 'steps' ? stepsShown : undefined}
        aria-controls={way === 'steps' ? 'install-steps' : undefined}
        className="flex w-full items-center gap-3 px-4 py-3.5 text-start text-sm font-medium text-zinc-100 hover:bg-white/5"
        data-testid="install-app"
      >
        <Download className="size-5 text-zinc-400" aria-hidden />
        {t('install.action')}
      </button>
      {way === 'steps' && stepsShown && (
        <p id="install-steps" className="px-4 pb-3.5 text-sm text-zinc-300" data-testid="install-steps">
          {t('install.iosSteps')}
        </p>
      )}
    </li>
  );
}
