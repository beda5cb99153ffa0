import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';

/** Submitting takes you to /discover with the query; on phones the box opens over the header row. */
export function HeaderSearch() {
  const { t } = useTranslation('common');
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `${paths.discover}?q=${encodeURIComponent(q)}` : paths.discover);
    setExpanded(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setExpanded(true)}
        aria-label={t('header.openSearch')}
        aria-expanded={expanded}
        className="flex size-9 items-center justify-center rounded-full text-zinc-300 hover:bg-white/5 hover:text-white md:hidden"
      >
        <Search className="size-5" aria-hidden />
      </button>
      <form
        role="search"
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && expanded) setExpanded(false);
        }}
        className={`${
          expanded ? 'absolute inset-x-0 top-0 z-10 flex h-full items-center gap-2 bg-ink-950 px-4' : 'hidden'
        } md:static md:flex md:h-auto md:bg-transparent md:px-0`}
      >
        <label className="relative flex flex-1 items-center">
          <span className="sr-only">{t('header.search')}</span>
          <Search className="pointer-events-none absolute start-3 size-4 text-zinc-500" aria-hidden />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('header.searchPlaceholder')}
            ref={input}
            enterKeyHint="search"
            className="h-9 w-full rounded-full border border-white/10 bg-white/5 pe-3 ps-9 text-sm text-white placeholder:text-zinc-500 focus:border-rose-500/60 focus:bg-white/10 focus:outline-none md:w-52 lg:w-64"
          />
        </label>
        {expanded && (
          <button
            type="button"
            onClick={() => setExpanded(false)}
            aria-label={t('header.closeSearch')}
            className="flex size-9 items-center justify-center rounded-full text-zinc-300 hover:bg-white/5 md:hidden"
          >
            <X className="size-5" aria-hidden />
          </button>
        )}
      </form>
    </>
  );
}
