import { useEffect, useRef, useState } from 'react';
import { Bookmark, Check, Coins, Copy, Heart, Play, Search } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { TIMINGS } from '#contract/constants.ts';
import { formatLikes, formatNumber } from '../../lib/format.ts';
import { APP_NAME } from '../../lib/product.ts';

interface Swatch {
  name: string;
  hex: string;
}

// The palette the app is drawn with (see src/web/index.css and the Tailwind classes used by the screens).
const PALETTES: { id: string; swatches: Swatch[] }[] = [
  {
    id: 'brand',
    swatches: [
      { name: 'Rose 300', hex: '#FDA4AF' },
      { name: 'Rose 400', hex: '#FB7185' },
      { name: 'Rose 500', hex: '#F43F5E' },
      { name: 'Rose 600', hex: '#E11D48' },
      { name: 'Rose 700', hex: '#BE123C' },
    ],
  },
  {
    id: 'neutral',
    swatches: [
      { name: 'Ink 950', hex: '#0B0B10' },
      { name: 'Ink 900', hex: '#14141C' },
      { name: 'Ink 800', hex: '#1E1E29' },
      { name: 'Zinc 400', hex: '#A1A1AA' },
      { name: 'White', hex: '#FFFFFF' },
    ],
  },
  {
    id: 'accent',
    swatches: [
      { name: 'Amber 300', hex: '#FCD34D' },
      { name: 'Amber 400', hex: '#FBBF24' },
      { name: 'Orange 500', hex: '#F97316' },
      { name: 'Emerald 400', hex: '#34D399' },
      { name: 'Red 700', hex: '#B91C1C' },
    ],
  },
];

const GRADIENTS = [
  {
    id: 'primary',
    className: 'bg-gradient-to-r from-rose-600 to-orange-500',
    css: 'linear-gradient(90deg, #E11D48, #F97316)',
  },
  {
    id: 'coins',
    className: 'bg-gradient-to-br from-amber-400 to-orange-600',
    css: 'linear-gradient(135deg, #FBBF24, #EA580C)',
  },
  {
    id: 'poster',
    className: 'bg-gradient-to-t from-black/90 via-black/30 to-transparent bg-rose-700',
    css: 'linear-gradient(0deg, rgba(0,0,0,.9), transparent)',
  },
  {
    id: 'night',
    className: 'bg-gradient-to-b from-zinc-900 to-black',
    css: 'linear-gradient(180deg, #18181B, #000000)',
  },
];

const TYPE_SCALE = [
  { id: 'display', className: 'text-4xl font-extrabold md:text-5xl', spec: '36/48 px · 800' },
  { id: 'h1', className: 'text-3xl font-extrabold', spec: '30 px · 800' },
  { id: 'h2', className: 'text-xl font-bold', spec: '20 px · 700' },
  { id: 'body', className: 'text-base', spec: '16 px · 400' },
  { id: 'small', className: 'text-sm text-zinc-300', spec: '14 px · 400' },
  { id: 'caption', className: 'text-xs text-zinc-400', spec: '12 px · 500' },
];

const BREAKPOINTS = [
  { id: 'mobile', columns: 4 },
  { id: 'tablet', columns: 8 },
  { id: 'desktop', columns: 12 },
];

export default function BrandPage() {
  const { t } = useTranslation('brand');
  return (
    <div className="mx-auto max-w-6xl space-y-14 px-4 py-8 md:px-6 md:py-12">
      <header className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-rose-700 via-rose-600 to-orange-500 p-6 md:p-10">
        <p className="text-xs font-semibold tracking-widest text-white/80 uppercase">{t('eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-extrabold md:text-5xl">{t('title', { appName: APP_NAME })}</h1>
        <p className="mt-3 max-w-2xl text-sm text-white/90 md:text-base">{t('intro', { appName: APP_NAME })}</p>
      </header>

      <Section id="colors" title={t('colors.title')} text={t('colors.text')}>
        <div className="space-y-8">
          {PALETTES.map((palette) => (
            <div key={palette.id}>
              <h3 className="mb-3 text-sm font-semibold text-zinc-300">{t(`colors.palettes.${palette.id}`)}</h3>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {palette.swatches.map((swatch) => (
                  <li key={swatch.hex}>
                    <ColorSwatch swatch={swatch} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section id="gradients" title={t('gradients.title')} text={t('gradients.text')}>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {GRADIENTS.map((gradient) => (
            <li key={gradient.id} className="overflow-hidden rounded-2xl ring-1 ring-white/10">
              <div className={`h-20 sm:h-28 ${gradient.className}`} />
              <div className="bg-white/[0.03] p-3">
                <p className="text-sm font-semibold">{t(`gradients.items.${gradient.id}`)}</p>
                <code className="mt-1 block truncate text-[11px] text-zinc-400">{gradient.css}</code>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="typography" title={t('typography.title')} text={t('typography.text')}>
        <div className="divide-y divide-white/5 rounded-2xl bg-white/[0.03] ring-1 ring-white/10">
          {TYPE_SCALE.map((style) => (
            <div key={style.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:justify-between">
              <p className={style.className}>{t(`typography.samples.${style.id}`)}</p>
              <p className="shrink-0 text-xs text-zinc-400">
                {t(`typography.names.${style.id}`)} · {style.spec}
              </p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="buttons" title={t('buttons.title')} text={t('buttons.text')}>
        <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white/[0.03] p-5 ring-1 ring-white/10">
          <button
            type="button"
            className="inline-flex h-11 items-center gap-2 rounded-full bg-gradient-to-r from-rose-600 to-orange-500 px-6 text-sm font-bold shadow-lg shadow-rose-900/40 hover:brightness-110"
          >
            <Play className="size-4 fill-current" aria-hidden />
            {t('buttons.primary')}
          </button>
          <button
            type="button"
            className="inline-flex h-11 items-center rounded-full bg-rose-600 px-5 text-sm font-semibold hover:bg-rose-700"
          >
            {t('buttons.solid')}
          </button>
          <button
            type="button"
            className="inline-flex h-11 items-center rounded-full bg-white/10 px-5 text-sm font-semibold hover:bg-white/15"
          >
            {t('buttons.secondary')}
          </button>
          <button
            type="button"
            className="inline-flex h-11 items-center rounded-full px-5 text-sm font-semibold text-zinc-200 hover:bg-white/10"
          >
            {t('buttons.ghost')}
          </button>
          <button
            type="button"
            disabled
            className="inline-flex h-11 cursor-not-allowed items-center rounded-full bg-rose-900 px-5 text-sm font-semibold text-rose-200/70"
          >
            {t('buttons.disabled')}
          </button>
          <button
            type="button"
            aria-label={t('buttons.icon')}
            className="flex size-11 items-center justify-center rounded-full bg-white/10 text-rose-500 hover:bg-white/15"
          >
            <Heart className="size-5 fill-current" aria-hidden />
          </button>
        </div>
      </Section>

      <Section id="cards" title={t('cards.title')} text={t('cards.text')}>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div>
            <div className="relative aspect-[9/16] overflow-hidden rounded-xl bg-gradient-to-br from-rose-700 via-fuchsia-900 to-zinc-900 ring-1 ring-white/5">
              <span className="absolute top-1.5 start-1.5 rounded-md bg-rose-600 px-1.5 py-0.5 text-[10px] font-bold uppercase">
                {t('cards.new')}
              </span>
              <div className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/80 to-transparent" />
              <span className="absolute end-1.5 bottom-1.5 flex items-center gap-1 text-[11px] font-semibold">
                <Heart className="size-3 fill-rose-500 text-rose-500" aria-hidden />
                {formatLikes(12_400)}
              </span>
            </div>
            <p className="mt-2 text-sm font-semibold">{t('cards.posterTitle')}</p>
            <p className="text-xs text-zinc-400">{t('cards.posterGenre')}</p>
          </div>
          <div className="col-span-1 flex flex-col justify-between rounded-2xl bg-gradient-to-br from-amber-500/20 to-rose-500/10 p-4 ring-1 ring-amber-400/20 sm:col-span-2">
            <div className="flex items-center gap-2">
              <Coins className="size-5 text-amber-300" aria-hidden />
              <p className="text-sm font-semibold">{t('cards.walletTitle')}</p>
            </div>
            <p className="mt-4 text-3xl font-extrabold">{formatNumber(1250)}</p>
            <p className="text-xs text-zinc-400">{t('cards.walletText')}</p>
          </div>
          <div className="flex flex-col gap-2 rounded-2xl bg-white/[0.04] p-4 ring-1 ring-white/10">
            <Bookmark className="size-5 text-amber-300" aria-hidden />
            <p className="text-sm font-semibold">{t('cards.taskTitle')}</p>
            <p className="text-xs text-zinc-400">{t('cards.taskText')}</p>
          </div>
        </div>
      </Section>

      <Section id="forms" title={t('forms.title')} text={t('forms.text')}>
        <form
          className="grid gap-4 rounded-2xl bg-white/[0.03] p-5 ring-1 ring-white/10 sm:grid-cols-2"
          onSubmit={(event) => event.preventDefault()}
        >
          <label className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium text-zinc-300">{t('forms.searchLabel')}</span>
            <span className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-zinc-400"
                aria-hidden
              />
              <input
                type="search"
                placeholder={t('forms.searchPlaceholder')}
                className="h-11 w-full rounded-full border border-white/10 bg-white/5 pe-4 ps-9 text-sm placeholder:text-zinc-400 focus:border-rose-500 focus:outline-none"
              />
            </span>
          </label>
          <label className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium text-zinc-300">{t('forms.textLabel')}</span>
            <input
              type="text"
              placeholder={t('forms.textPlaceholder')}
              className="h-11 rounded-lg border border-white/10 bg-white/5 px-3 text-sm placeholder:text-zinc-400 focus:border-rose-500 focus:outline-none"
            />
          </label>
          <label className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium text-zinc-300">{t('forms.selectLabel')}</span>
            <select className="h-11 rounded-lg border border-white/10 bg-zinc-900 px-3 text-sm focus:border-rose-500 focus:outline-none">
              <option>{t('forms.optionRomance')}</option>
              <option>{t('forms.optionThrillers')}</option>
            </select>
          </label>
          <div className="flex flex-col justify-end gap-3 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" defaultChecked className="size-4 accent-rose-600" />
              {t('forms.checkbox')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="brand-radio" defaultChecked className="size-4 accent-rose-600" />
              {t('forms.radio')}
            </label>
          </div>
        </form>
      </Section>

      <Section id="grid" title={t('grid.title')} text={t('grid.text')}>
        <div className="grid grid-cols-4 gap-2 md:grid-cols-8 lg:grid-cols-12" aria-hidden>
          {Array.from({ length: 12 }, (_, i) => (
            <div
              key={i}
              className={`flex h-16 items-center justify-center rounded-md bg-rose-500/15 text-xs font-semibold text-rose-300 ring-1 ring-rose-500/30 ${
                i >= 8 ? 'hidden lg:flex' : i >= 4 ? 'hidden md:flex' : ''
              }`}
            >
              {i + 1}
            </div>
          ))}
        </div>
        <p className="mt-2 text-xs text-zinc-400">{t('grid.caption')}</p>
        <h3 className="mt-8 mb-3 text-sm font-semibold text-zinc-300">{t('breakpoints.title')}</h3>
        <div className="overflow-hidden rounded-2xl ring-1 ring-white/10">
          <table className="w-full text-start text-sm">
            <thead className="bg-white/[0.05] text-xs text-zinc-400 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  {t('breakpoints.device')}
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  {t('breakpoints.width')}
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  {t('breakpoints.columns')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {BREAKPOINTS.map((breakpoint) => (
                <tr key={breakpoint.id}>
                  <th scope="row" className="px-4 py-3 font-semibold">
                    {t(`breakpoints.${breakpoint.id}`)}
                  </th>
                  <td className="px-4 py-3 text-zinc-300">{t(`breakpoints.ranges.${breakpoint.id}`)}</td>
                  <td className="px-4 py-3 text-zinc-300">{breakpoint.columns}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </div>
  );
}

function Section({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`brand-${id}`}>
      <h2 id={`brand-${id}`} className="text-xl font-bold md:text-2xl">
        {title}
      </h2>
      <p className="mt-1 mb-5 text-sm text-zinc-400">{text}</p>
      {children}
    </section>
  );
}

/** Clicking a colour copies its hex value and shows a check mark for 2 s. */
function ColorSwatch({ swatch }: { swatch: Swatch }) {
  const { t } = useTranslation('brand');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(swatch.hex);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.brandCopyConfirmMs);
  };

  const light = ['#FFFFFF', '#FDA4AF', '#FCD34D', '#FBBF24', '#A1A1AA', '#34D399'].includes(swatch.hex);
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={t('colors.copy', { name: swatch.name, hex: swatch.hex })}
      data-hex={swatch.hex}
      className="group w-full overflow-hidden rounded-2xl text-start ring-1 ring-white/10 transition hover:ring-white/30"
    >
      <span
        className={`relative flex h-20 items-center justify-center ${light ? 'text-black' : 'text-white'}`}
        style={{ backgroundColor: swatch.hex }}
      >
        {copied ? (
          <Check className="size-6" aria-hidden data-testid="copied-check" />
        ) : (
          <Copy
            className="size-5 opacity-0 transition-opacity group-hover:opacity-80 group-focus-visible:opacity-80"
            aria-hidden
          />
        )}
      </span>
      <span className="block bg-white/[0.03] px-3 py-2">
        <span className="block text-sm font-semibold">{swatch.name}</span>
        <span className="block font-mono text-xs text-zinc-400">{copied ? t('colors.copied') : swatch.hex}</span>
      </span>
      <span className="sr-only" aria-live="polite">
        {copied ? t('colors.copied') : ''}
      </span>
    </button>
  );
}
