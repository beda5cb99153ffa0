import { cloneElement, useEffect, useRef, useState, type MouseEvent, type ReactElement, type Ref } from 'react';
import { useLazyPart, type LazyPart } from '../../lib/lazy-part.ts';

export interface LoadedMenuProps {
  /** The trigger button, for the menu to use as its own (Radix `asChild`). */
  trigger: ReactElement;
  defaultOpen: boolean;
}

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
};

/**
 * A menu's button is on screen at once; its code (Radix and the items) is fetched once the page is idle,
 * or on the first hover, focus or tap. Once the code is here the menu takes the button's place, so that
 * the first tap opens it like any later one; a tap that came first opens it as soon as it is here.
 */
export function LoadedOnFirstUse<P extends object = object>({
  menu,
  trigger,
  props,
  onFirstOpen,
}: {
  menu: LazyPart<P & LoadedMenuProps>;
  trigger: ReactElement<TriggerProps>;
  /** Passed on to the loaded menu. */
  props?: P;
  /** The menu opens by default once loaded, which Radix does not report as a change: this does. */
  onFirstOpen?: () => void;
}) {
  const [openedBy, setOpenedBy] = useState<'pointer' | 'keyboard' | null>(null);
  const [ready, setReady] = useState(false);
  const Menu = useLazyPart(menu, openedBy !== null, () => setOpenedBy(null));
  const placeholderRef = useRef<HTMLElement>(null);
  const triggerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Not under a keyboard's focus: replacing the button would lose it (it opens from the key then).
    if (Menu && document.activeElement !== placeholderRef.current) setReady(true);
  }, [Menu]);
  if (!Menu || !(openedBy || ready))
    return cloneElement(trigger, {
      ref: placeholderRef,
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: () => void menu.preload().catch(() => {}),
      onFocus: () => void menu.preload().catch(() => {}),
      // A click from Enter or Space has no pointer position (detail 0).
      onClick: (event: MouseEvent) => {
        if (openedBy) return; // already on its way
        const keyboard = event.detail === 0;
        setOpenedBy(keyboard ? 'keyboard' : 'pointer');
        if (!keyboard) onFirstOpen?.();
      },
    });
  return (
    <>
      <Menu
        {...(props as P)}
        trigger={cloneElement(trigger, { ref: triggerRef })}
        defaultOpen={openedBy === 'pointer'}
      />
      {openedBy === 'keyboard' && <OpenFromKeyboard trigger={triggerRef} />}
    </>
  );
}

/** Opens the loaded menu the way a key on its trigger does, so the focus goes to its first item. */
function OpenFromKeyboard({ trigger }: { trigger: { current: HTMLElement | null } }) {
  useEffect(() => {
    const button = trigger.current;
    button?.focus();
    button?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  }, [trigger]);
  return null;
}
