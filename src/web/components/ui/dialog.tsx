import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './dialog-props.ts';

// Radix's dialog is fetched the first time a dialog opens: no page needs it for its first paint.
const RadixModal = lazy(() => import('./radix-dialog.tsx'));

/** Accessible modal (radix-dialog.tsx): nothing until it first opens, then kept so that it can close. */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RadixModal {...props} />
    </Suspense>
  );
}
