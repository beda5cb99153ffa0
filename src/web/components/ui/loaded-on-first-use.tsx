import { cloneElement, lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';

export interface LoadedMenuProps {
  /** The trigger button, for the menu to use as its own (Radix `asChild`). */
  trigger: ReactElement;
  defaultOpen: boolean;
}

type TriggerProps = {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
};

/**
 * A menu's button is on screen at once, its code (Radix and the items) arrives on the first hover, focus or
 * tap, and the menu then opens as if it had always been there: the first paint needs only the button.
 */
export function LoadedOnFirstUse<P extends object = object>({
  load,
  trigger,
  props,
  onFirstOpen,
}: {
  load: () => Promise<{ default: ComponentType<P & LoadedMenuProps> }>;
  trigger: ReactElement<TriggerProps>;
  /** Passed on to the loaded menu. */
  props?: P;
  /** The menu opens by default once loaded, which Radix does not report as a change: this does. */
  onFirstOpen?: () => void;
}) {
  const [Menu] = useState(() => lazy(load));
  const [used, setUsed] = useState(false);
  const placeholder = cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onClick: () => {
      setUsed(true);
      onFirstOpen?.();
    },
  });
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Menu {...(props as P)} trigger={trigger} defaultOpen />
    </Suspense>
  );
}
