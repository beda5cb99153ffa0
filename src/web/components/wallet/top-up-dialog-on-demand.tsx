import { useState } from 'react';
import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';
import { preloadDialog } from '../ui/dialog.tsx';
import type { TopUpDialogProps } from './top-up-dialog.tsx';

// With the dialog's own code, so that the first tap does not wait for one and then the other.
const topUpDialog = lazyPart(async () => {
  const [{ TopUpDialog }] = await Promise.all([import('./top-up-dialog.tsx'), preloadDialog()]);
  return { default: TopUpDialog };
});

/** "Top Up Coins" (TopUpDialog), its code fetched once the page is idle: no first paint needs it. */
export function TopUpDialogOnDemand({ open, onOpenChange }: TopUpDialogProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const TopUpDialog = useLazyPart(topUpDialog, opened);
  if (!opened || !TopUpDialog) return null;
  return <TopUpDialog open={open} onOpenChange={onOpenChange} />;
}
