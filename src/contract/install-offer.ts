/**
 * A browser that can install the app says so once, with a `beforeinstallprompt` event, possibly before the
 * app's code has started. The second script of every page (inline, allowed by its hash in the
 * Content-Security-Policy like the early taps') keeps that event for the profile's "Install the app", and
 * keeps the browser's own banner away; `installoffer` tells a page already drawn that it came.
 */
export const INSTALL_OFFER_SCRIPT =
  'addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.__installOffer=e;' +
  'dispatchEvent(new Event("installoffer"))});';

/** The event Chromium's browsers fire (not in TypeScript's DOM types). */
export interface InstallOfferEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** Set by INSTALL_OFFER_SCRIPT: the browser's offer to install the app, until it is used. */
    __installOffer?: InstallOfferEvent;
  }
}
