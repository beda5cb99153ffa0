import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { formatDate } from '../../lib/format.ts';
import { APP_NAME, SUPPORT_EMAIL } from '../../lib/product.ts';

interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** Static legal text, last updated January 24, 2025, with a 'Back to Home' button. */
const LAST_UPDATED = '2025-01-24';

export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const values = { appName: APP_NAME, supportEmail: SUPPORT_EMAIL };
  const sections = t(`${document}.sections`, { ...values, returnObjects: true }) as LegalSection[];

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:px-6 md:py-12">
      <Link
        href={paths.home}
        className="mb-6 inline-flex h-10 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold hover:bg-white/15"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('backToHome')}
      </Link>
      <header className="border-b border-white/10 pb-6">
        <p className="text-xs font-semibold tracking-widest text-rose-400 uppercase">{APP_NAME}</p>
        <h1 className="mt-2 text-3xl font-extrabold md:text-4xl">{t(`${document}.title`)}</h1>
        <p className="mt-2 text-sm text-zinc-400">{t('lastUpdated', { date: formatDate(LAST_UPDATED) })}</p>
        <p className="mt-4 text-sm leading-relaxed text-zinc-300">{t(`${document}.intro`, values)}</p>
      </header>

      <nav aria-label={t('contents')} className="mt-6 rounded-xl bg-white/[0.03] p-4 ring-1 ring-white/5">
        <h2 className="text-xs font-semibold tracking-wider text-zinc-400 uppercase">{t('contents')}</h2>
        <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#section-${index + 1}`} className="text-zinc-300 hover:text-white hover:underline">
                {index + 1}. {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <section key={section.heading} id={`section-${index + 1}`} className="scroll-mt-20">
            <h2 className="text-lg font-bold">
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-sm leading-relaxed text-zinc-300">
                {paragraph}
              </p>
            ))}
            {section.items && (
              <ul className="mt-3 list-disc space-y-1.5 ps-5 text-sm leading-relaxed text-zinc-300 marker:text-rose-500">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>

      <footer className="mt-10 border-t border-white/10 pt-6">
        <p className="text-sm text-zinc-400">
          {t('questions')}{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-rose-400 hover:underline">
            {SUPPORT_EMAIL}
          </a>
        </p>
      </footer>
    </article>
  );
}
