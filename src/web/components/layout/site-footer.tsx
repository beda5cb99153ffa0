import { Mail, MessageSquare, QrCode } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { APP_VERSION } from '#contract/constants.ts';
import { paths } from '../../lib/paths.ts';
import { APP_NAME, FEEDBACK_EMAIL, SUPPORT_EMAIL } from '../../lib/product.ts';
import { Logo } from './logo.tsx';
import { SOCIAL_LINKS, SocialIcon } from './social-icons.tsx';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const linkClass = 'inline-flex items-center gap-2 text-sm text-zinc-400 hover:text-white';
  return (
    <footer className="mt-12 border-t border-white/5 bg-black/30" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 md:px-6 lg:grid-cols-[1.5fr_1fr_1fr_auto]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-zinc-400">{t('footer.tagline')}</p>
          <ul className="mt-4 flex gap-2" aria-label={t('footer.social')}>
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.name}
                  className="flex size-9 items-center justify-center rounded-full bg-white/5 text-zinc-300 hover:bg-white/10 hover:text-white"
                >
                  <SocialIcon path={social.path} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label={t('footer.legal')}>
          <h2 className="text-xs font-semibold tracking-wider text-zinc-400 uppercase">{t('footer.legal')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link href={paths.terms} className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link href={paths.privacy} className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-xs font-semibold tracking-wider text-zinc-400 uppercase">{t('footer.help')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                <Mail className="size-4" aria-hidden />
                {t('footer.contact')}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${FEEDBACK_EMAIL}?subject=${encodeURIComponent(t('footer.feedbackSubject', { appName: APP_NAME }))}`}
                className={linkClass}
              >
                <MessageSquare className="size-4" aria-hidden />
                {t('footer.feedback')}
              </a>
            </li>
          </ul>
        </div>

        <div className="flex items-center gap-3 lg:flex-col lg:items-start">
          <div
            role="img"
            aria-label={t('footer.qr')}
            className="flex size-24 shrink-0 items-center justify-center rounded-xl bg-white p-2 text-ink-950"
          >
            <QrCode className="size-full" strokeWidth={1.5} aria-hidden />
          </div>
          <p className="max-w-[10rem] text-xs text-zinc-400">{t('footer.qrCaption')}</p>
        </div>
      </div>
      <div className="border-t border-white/5">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-xs text-zinc-400 sm:flex-row sm:justify-between md:px-6">
          <p>{t('footer.copyright', { year: 2025, appName: APP_NAME })}</p>
          <p data-testid="app-version">{t('footer.version', { version: APP_VERSION })}</p>
        </div>
      </div>
    </footer>
  );
}
