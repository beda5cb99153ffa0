import { useEffect, useState } from 'react';
import { toast } from '#web/components/ui/toast.tsx';

export interface SharedLink {
  title: string;
  text?: string;
  /** A path of this app (`/series/12`); shared with this page's origin. */
  path: string;
}

/** The texts of a share button, in the screen's own words. */
export interface ShareTexts {
  share: string;
  copyLink: string;
  linkCopied: string;
  copyFailed: string;
}

/**
 * Share with the system's share sheet (the Web Share API) where the browser has one, else copy the link. The label
 * says which ("Share" or "Copy link"); it is "Share" until the app has started, as the server renders it.
 */
export function useShareLink(texts: ShareTexts) {
  const [sheet, setSheet] = useState(true);
  useEffect(() => setSheet(typeof navigator.share === 'function'), []);

  const share = async (link: SharedLink) => {
    const url = new URL(link.path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: link.title, ...(link.text ? { text: link.text } : {}), url });
        return;
      } catch (error) {
        // The viewer closed the share sheet: nothing to do. Anything else: copy the link instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyLink(link.path, texts);
  };
  return { label: sheet ? texts.share : texts.copyLink, share };
}

/** Copies a path of this app, with this page's origin, and says whether it worked. */
export async function copyLink(path: string, texts: Pick<ShareTexts, 'linkCopied' | 'copyFailed'>) {
  const url = new URL(path, window.location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: texts.linkCopied });
  } catch {
    toast({ title: texts.copyFailed, description: url, variant: 'destructive' });
  }
}
