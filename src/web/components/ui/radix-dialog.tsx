import { useRef } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';

import type { DialogProps } from './dialog-props.ts';

/** Accessible modal: traps and restores focus, closes on Escape and on the close button. */
export default function RadixModal({
  open,
  onOpenChange,
  title,
  description,
  children,
  className = 'max-w-md',
}: DialogProps) {
  const { t } = useTranslation('common');
  // Radix gives the focus back only to a Dialog.Trigger; these dialogs are opened by ordinary buttons,
  // so remember whatever had the focus and return it there on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <RadixDialog.Content
          className={`fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl border border-white/10 bg-zinc-900 p-5 text-white shadow-2xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${className}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // Focusing lays the whole page out at once, before the frame that shows the dialog: the focus
            // moves in right after that frame instead (unless something in the dialog took it already).
            event.preventDefault();
            const content = event.currentTarget;
            if (content instanceof HTMLElement) requestAnimationFrame(() => setTimeout(() => focusFirstIn(content)));
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
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-zinc-400">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-full p-1.5 text-zinc-400 hover:bg-white/10 hover:text-white"
              aria-label={t('dialog.close')}
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** What Radix would focus: the first control in the dialog, else the dialog itself. */
function focusFirstIn(content: HTMLElement) {
  if (!content.isConnected || content.contains(document.activeElement)) return;
  const first = content.querySelector<HTMLElement>(
    'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
  );
  (first ?? content).focus();
}
