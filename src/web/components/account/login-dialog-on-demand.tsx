import { useState } from 'react';
import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';
import { loadTexts, shownLanguageTag } from '../../lib/texts/text-store.ts';
import { preloadDialog } from '../ui/dialog.tsx';

// With the dialog's own code and words, so that the first tap does not wait for one and then the other.
const loginDialog = lazyPart(async () => {
  const [{ LoginDialog }] = await Promise.all([
    import('./login-dialog.tsx'),
    preloadDialog(),
    loadTexts(shownLanguageTag(), ['account']),
  ]);
  return { default: LoginDialog };
});

/** The login dialog, its code (Radix's dialog among it) fetched once the page is idle: no first paint needs it. */
export function LoginDialogOnDemand({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const LoginDialog = useLazyPart(loginDialog, opened);
  if (!opened || !LoginDialog) return null;
  return <LoginDialog open={open} onOpenChange={onOpenChange} />;
}
