import { useRef, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** Asked to close (Cancel, Escape); ignored while the action runs. */
  onClose: () => void;
  title: string;
  message: string;
  /** What the action concerns, shown under the message. */
  subject?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** The button that opens the dialog; without one, the focus goes back to whatever opened it. */
  trigger?: ReactNode;
  /** More to choose before confirming (a form field), under the subject. */
  children?: ReactNode;
}

/** A destructive action asks first, in an alert dialog whose focus starts on Cancel. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onClose, title, message, subject, cancelLabel, confirmLabel, pending, onConfirm, trigger } = props;
  // Radix gives the focus back only to an AlertDialog.Trigger: remember the opener otherwise.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-zinc-900 p-5 text-white shadow-2xl"
          onOpenAutoFocus={() => {
            if (!trigger)
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">{message}</AlertDialog.Description>
          {subject && <p className="mt-3 truncate rounded-lg bg-white/5 px-3 py-2 text-sm font-medium">{subject}</p>}
          {props.children}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" className="rounded-lg" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" className="rounded-lg" onClick={onConfirm} disabled={pending}>
              {pending && <Spinner className="size-4" />}
              {pending && props.pendingLabel ? props.pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
