import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react';
import { ChevronLeft, ChevronRight, Heart, Pause, Play } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { TIMINGS } from '#contract/constants.ts';
import type { CarouselItem } from '#contract/curation.ts';
import { paths } from '#web/lib/paths.ts';
import { useCarousel } from '#web/api/get-carousel.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatLikes } from '#web/lib/format.ts';
import { genreLabel } from '#web/lib/i18n.ts';

// Fixed box per breakpoint, so nothing below moves while the artwork arrives.
const heroBox = 'h-[calc((100vw-2rem)*9/16+9.5rem)] md:h-60 lg:h-80 xl:h-96';

function usePrefersReducedMotion() {
  // Known only in the browser: read after the first render, which must equal the server's.
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

export function HeroCarousel() {
  const carousel = useCarousel();
  if (carousel.isPending) return <Skeleton className={`w-full rounded-2xl ${heroBox}`} />;
  if (!carousel.data?.length) return null;
  return <HeroSlides items={carousel.data} />;
}

/** Auto-advances every 5 s and wraps; swipe > 50 px; arrows and dots. Pauses while the viewer is on it. */
function HeroSlides({ items }: { items: CarouselItem[] }) {
  const { t, i18n } = useTranslation('home');
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = items.length;
  const current = Math.min(index, count - 1);
  const rtl = i18n.dir() === 'rtl';

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  const next = () => goTo(current + 1);
  const previous = () => goTo(current - 1);

  const autoplay = count > 1 && !paused && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!autoplay) return;
    // One timer per slide shown, so a manual move restarts the full interval.
    const timer = setTimeout(() => goTo(current + 1), TIMINGS.carouselIntervalMs);
    return () => clearTimeout(timer);
  }, [autoplay, current, goTo]);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) <= TIMINGS.swipeThresholdPx || Math.abs(dx) < Math.abs(dy)) return;
    // Swiping left brings the next slide (mirrored in right-to-left languages).
    if (dx < 0 !== rtl) next();
    else previous();
  };

  return (
    <section
      aria-roledescription={t('carousel.roledescription')}
      aria-label={t('carousel.label')}
      className={`group/hero relative overflow-hidden rounded-2xl bg-zinc-900 ring-1 ring-white/5 ${heroBox}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      data-testid="hero-carousel"
      data-current-slide={current}
    >
      <div
        className="flex h-full transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(${rtl ? '' : '-'}${current * 100}%)` }}
        aria-live={autoplay ? 'off' : 'polite'}
      >
        {items.map((item, i) => {
          const active = i === current;
          // The shown slide and its neighbours load now; the rest when they come close.
          const near = Math.abs(i - current) <= 1 || (current === count - 1 && i === 0);
          return (
            <div
              key={item.id}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideLabel', { index: i + 1, count })}
              aria-hidden={!active}
              inert={!active}
              className="relative h-full w-full shrink-0 overflow-hidden"
            >
              <Link
                href={paths.series(item.series.id)}
                className="relative flex h-full flex-col md:flex-row-reverse"
                tabIndex={active ? 0 : -1}
              >
                <div className="relative aspect-video w-full shrink-0 overflow-hidden md:h-full md:w-auto">
                  <img
                    src={item.series.thumbnailUrl}
                    alt={item.series.title}
                    width={1280}
                    height={720}
                    loading={near ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    decoding={i === 0 ? 'sync' : 'async'}
                    className="absolute inset-0 size-full object-cover"
                  />
                  <div className="absolute inset-y-0 start-0 hidden w-12 bg-gradient-to-r from-zinc-950/50 rtl:bg-gradient-to-l to-transparent md:block" />
                </div>
                <div className="relative flex min-w-0 flex-1 flex-col justify-center px-4 pt-3 pb-10 md:px-8 md:py-8 lg:px-10">
                  <p className="flex items-center gap-2 text-xs">
                    <span className="rounded-full bg-rose-600 px-2.5 py-0.5 font-semibold text-white">
                      {genreLabel(item.series.genre)}
                    </span>
                    <span className="flex items-center gap-1 text-zinc-200">
                      <Heart className="size-3.5 fill-rose-500 text-rose-500" aria-hidden />
                      <span className="sr-only">{t('carousel.likes')}</span>
                      {formatLikes(item.series.likes)}
                    </span>
                  </p>
                  <h2
                    dir="auto"
                    className="mt-2 line-clamp-1 text-xl leading-tight font-black text-white md:line-clamp-2 md:text-2xl lg:text-4xl"
                  >
                    {item.series.title}
                  </h2>
                  <p
                    dir="auto"
                    className="mt-1.5 line-clamp-2 text-sm text-zinc-300 lg:mt-3 lg:line-clamp-3 lg:text-base"
                  >
                    {item.series.description}
                  </p>
                  <span className="mt-4 hidden h-10 w-fit items-center gap-2 rounded-full bg-white px-5 text-sm font-bold text-black md:inline-flex">
                    <Play className="size-4 fill-current" aria-hidden />
                    {t('carousel.watchNow')}
                  </span>
                </div>
              </Link>
            </div>
          );
        })}
      </div>

      {count > 1 && (
        <>
          <div className="pointer-events-none absolute inset-x-0 top-0 aspect-video md:inset-y-0 md:end-0 md:start-auto md:aspect-video md:h-full">
            <button
              type="button"
              onClick={rtl ? next : previous}
              aria-label={t(rtl ? 'carousel.next' : 'carousel.previous')}
              className="pointer-events-auto absolute top-1/2 left-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur transition-opacity group-hover/hero:opacity-100 hover:bg-black/70 focus-visible:opacity-100 sm:size-10 pointer-fine:opacity-0"
            >
              <ChevronLeft className="size-6" aria-hidden />
            </button>
            <button
              type="button"
              onClick={rtl ? previous : next}
              aria-label={t(rtl ? 'carousel.previous' : 'carousel.next')}
              className="pointer-events-auto absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur transition-opacity group-hover/hero:opacity-100 hover:bg-black/70 focus-visible:opacity-100 sm:size-10 pointer-fine:opacity-0"
            >
              <ChevronRight className="size-6" aria-hidden />
            </button>
          </div>
          <div className="absolute start-2 bottom-2 flex items-center gap-0.5 md:start-6 lg:start-8">
            {items.map((item, i) => (
              <button
                key={item.id}
                type="button"
                onClick={() => goTo(i)}
                aria-label={t('carousel.goTo', { index: i + 1, title: item.series.title })}
                aria-current={i === current ? 'true' : undefined}
                className="group/dot flex h-6 min-w-6 items-center justify-center"
              >
                <span
                  className={`block h-1.5 rounded-full transition-all ${
                    i === current ? 'w-6 bg-white' : 'w-1.5 bg-white/45 group-hover/dot:bg-white/80'
                  }`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-label={t(paused ? 'carousel.play' : 'carousel.pause')}
            aria-pressed={paused}
            className="absolute end-2 bottom-2 flex size-8 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/70"
          >
            {paused ? (
              <Play className="size-4 fill-current" aria-hidden />
            ) : (
              <Pause className="size-4 fill-current" aria-hidden />
            )}
          </button>
        </>
      )}
    </section>
  );
}
