import { lazy, Suspense, useState } from 'react';

const LoginDialog = lazy(() => import('./login-dialog.tsx').then((m) => ({ default: m.LoginDialog })));

/** The login dialog, its code (Radix's dialog among it) fetched the first time it opens: no page's first paint needs it. */
export function LoginDialogOnDemand({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
