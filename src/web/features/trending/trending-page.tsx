import { Flame } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { useTrending } from '../../api/get-trending.ts';
import { TrendingCard } from '../../components/series/trending-card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';

export default function TrendingPage() {
  const { t } = useTranslation(['home', 'common']);
  const trending = useTrending();

  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 pb-8 md:px-6 md:pt-8">
      <h1 className="flex items-center gap-2 text-2xl font-black text-white md:text-3xl">
        <Flame className="size-6 text-orange-400" aria-hidden />
        {t('trendingNow')}
      </h1>
      <p className="mt-1 text-sm text-zinc-400">{t('trendingSubtitle')}</p>
      {trending.isPending ? (
        <PageSpinner label={t('common:loadingSeries')} />
      ) : trending.isError ? (
        <p role="alert" className="mt-8 text-zinc-300">
          {t('loadError')}
        </p>
      ) : trending.data.length === 0 ? (
        <p className="mt-8 text-zinc-400">{t('trendingEmpty')}</p>
      ) : (
        <ol className="mt-5 grid gap-3 md:grid-cols-2 lg:grid-cols-3" data-testid="trending-list">
          {trending.data.map((item) => (
            <li key={item.id}>
              <TrendingCard item={item} headingLevel={2} className="h-full" />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
