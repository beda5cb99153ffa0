import { useSyncExternalStore } from 'react';

/**
 * How this browser can install the app: with its own dialog (`prompt`, Chromium's browsers, which fire
 * `beforeinstallprompt`, kept by src/contract/install-offer.ts), by the viewer's own steps (`steps`, iOS:
 * Share, then Add to Home Screen), or not at all (already installed, or a browser that does not say).
 */
export type InstallWay = 'prompt' | 'steps' | null;

export function installWay(offered: boolean, userAgent: string, touchPoints: number, standalone: boolean): InstallWay {
  if (standalone) return null;
  if (offered) return 'prompt';
  // iPadOS says it is a Mac; a Mac has no touch screen.
  const ios = /\b(?:iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && touchPoints > 1);
  return ios ? 'steps' : null;
}

const currentWay = (): InstallWay =>
  installWay(
    window.__installOffer !== undefined,
    navigator.userAgent,
    navigator.maxTouchPoints ?? 0,
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as { standalone?: boolean }).standalone === true,
  );

const changes = new Set<() => void>();
const changed = () => changes.forEach((listener) => listener());

function subscribe(listener: () => void) {
  if (changes.size === 0) {
    window.addEventListener('installoffer', changed);
    window.addEventListener('appinstalled', forget);
  }
  changes.add(listener);
  return () => {
    changes.delete(listener);
    if (changes.size > 0) return;
    window.removeEventListener('installoffer', changed);
    window.removeEventListener('appinstalled', forget);
  };
}

function forget() {
  window.__installOffer = undefined;
  changed();
}

/** Opens the browser's install dialog; the offer is used up either way (a browser offers it once). */
export async function installApp() {
  const offer = window.__installOffer;
  if (!offer) return;
  forget();
  await offer.prompt();
}

/** The way this browser installs the app; null on the server and in a page rendered from it. */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(subscribe, currentWay, () => null);
}
