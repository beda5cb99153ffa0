import { useState } from 'react';
import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';
import type { DialogProps } from './dialog-props.ts';

// Radix's dialog: no page needs it for its first paint, so it is fetched once the page is idle (or when a
// dialog first opens, if that comes sooner).
const radixModal = lazyPart(() => import('./radix-dialog.tsx'));

/** Fetches the dialog's code now, for a dialog whose own code is fetched on demand too. */
export const preloadDialog = radixModal.preload;

/** Accessible modal (radix-dialog.tsx): nothing until it first opens, then kept so that it can close. */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  const RadixModal = useLazyPart(radixModal, opened);
  if (!opened || !RadixModal) return null;
  return <RadixModal {...props} />;
}
