// Shared class names of the dashboard's dense form controls and panels.
/** Border, colours and focus of every text box and dropdown; height and padding are added per use. */
export const controlBase =
  'rounded-md border border-white/10 bg-ink-950 text-sm text-white placeholder:text-zinc-400 focus:border-brand-400 aria-[invalid=true]:border-red-400';
export const inputClass = `${controlBase} h-9 w-full px-3`;
export const selectClass = `${controlBase} h-9 w-full pe-7 ps-2.5`;
export const panelClass = 'rounded-xl border border-white/10 bg-ink-900';
export const iconButtonClass =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-zinc-300 hover:bg-white/10 hover:text-white disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';
export const checkboxClass = 'size-4 rounded border-white/20 bg-ink-950 accent-rose-600';
