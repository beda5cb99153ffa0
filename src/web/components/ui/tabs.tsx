import {
  createContext,
  useContext,
  useId,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';

/**
 * Tabs as WAI-ARIA's tabs pattern has them (what Radix Tabs did, in a fraction of the code a first visit
 * downloads): one tab in the page's tab order, arrow keys move between tabs and select them (mirrored
 * right to left), Home and End go to the ends, and only the selected tab's panel is in the page.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('A tab or panel must be inside <Tabs.Root>.');
  return state;
}

interface RootProps {
  /** The selected tab, when its owner keeps it (in the URL, say); else `defaultValue` starts a state of its own. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}

function Root({ value, defaultValue = '', onValueChange, className, children }: RootProps) {
  const [own, setOwn] = useState(defaultValue);
  const prefix = useId();
  const selected = value ?? own;
  const select = (next: string) => {
    if (next === selected) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  const idOf = (part: 'tab' | 'panel', tab: string) => `${prefix}${part}-${tab}`;
  return (
    <TabsContext.Provider value={{ value: selected, select, idOf }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

const NEXT_KEYS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 };

function List({ children, ...props }: ComponentPropsWithoutRef<'div'>) {
  const { i18n } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    let to: number;
    if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = tabs.length - 1;
    else if (event.key in NEXT_KEYS) {
      const horizontal = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
      to = at + NEXT_KEYS[event.key]! * (horizontal && i18n.dir() === 'rtl' ? -1 : 1);
    } else return;
    event.preventDefault();
    const tab = tabs[(to + tabs.length) % tabs.length]!;
    tab.focus();
    tab.click();
  };
  return (
    <div {...props} ref={list} role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

function Trigger({ value, children, ...props }: ComponentPropsWithoutRef<'button'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      {...props}
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-selected={selected}
      aria-controls={selected ? tabs.idOf('panel', value) : undefined}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={() => tabs.select(value)}
    >
      {children}
    </button>
  );
}

function Content({ value, children, ...props }: ComponentPropsWithoutRef<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      {...props}
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      data-state="active"
      tabIndex={0}
    >
      {children}
    </div>
  );
}

export const Tabs = { Root, List, Trigger, Content };
