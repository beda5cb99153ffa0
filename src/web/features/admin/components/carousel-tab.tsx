import { useMemo } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Series } from '#contract/series.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useCarouselItems } from '#web/api/get-carousel.ts';
import { useAddCarouselItem } from '../api/add-carousel-item.ts';
import { useRemoveCarouselItem } from '../api/remove-carousel-item.ts';
import { useReorderCarousel } from '../api/reorder-carousel.ts';
import { carouselPositions, swapNeighbours } from '../lib/catalogue-figures.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { CuratedItem } from './curated-item.tsx';
import { SeriesPicker } from './series-picker.tsx';
import { panelClass } from './styles.ts';

export function CarouselTab() {
  const { t } = useTranslation('admin');
  const carousel = useCarouselItems();
  const add = useAddCarouselItem();
  const remove = useRemoveCarouselItem();
  const reorder = useReorderCarousel();
  const fail = useAdminFailure();
  const saving = add.isPending || remove.isPending || reorder.isPending;
  const items = useMemo(() => carousel.data ?? [], [carousel.data]);

  const addSeries = (s: Series) =>
    add.mutate(
      { seriesId: s.id, displayOrder: items.length + 1 },
      {
        onSuccess: () =>
          toast({ title: t('carousel.added'), description: t('carousel.addedMessage', { title: s.title }) }),
        onError: (error) => fail(error, t('carousel.addFailed')),
      },
    );

  const move = (index: number, delta: -1 | 1) =>
    reorder.mutate(carouselPositions(swapNeighbours(items, index, delta)), {
      onSuccess: () => toast({ title: t('carousel.reordered'), description: t('carousel.reorderedMessage') }),
      onError: (error) => fail(error, t('carousel.reorderFailed')),
    });

  const removeItem = (id: number, title: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: t('carousel.removed'), description: t('carousel.removedMessage', { title }) }),
      onError: (error) => fail(error, t('carousel.removeFailed')),
    });

  return (
    <div className="grid grid-cols-1 gap-5">
      <section aria-labelledby="carousel-add-title" className={`${panelClass} p-3 sm:p-4`}>
        <h2 id="carousel-add-title" className="text-base font-semibold">
          {t('carousel.addTitle')}
        </h2>
        <p className="mb-3 text-xs text-zinc-400">{t('carousel.addSubtitle')}</p>
        {carousel.isPending ? (
          <Skeleton className="h-40" />
        ) : (
          <SeriesPicker
            notIn="carousel"
            allIn={t('carousel.allIn')}
            searchLabel={t('carousel.searchLabel')}
            searchPlaceholder={t('carousel.searchPlaceholder')}
            noMatches={t('carousel.noMatches')}
            pagerLabel={t('carousel.addTitle')}
            testId="carousel-candidate"
            gridClass="grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))]"
            pageSize={8}
            renderAction={(s) => (
              <Button
                size="sm"
                variant="secondary"
                className="rounded-lg"
                onClick={() => addSeries(s)}
                disabled={saving}
                aria-label={t('carousel.addLabel', { title: s.title })}
              >
                <Plus className="size-4" aria-hidden />
                {t('carousel.add')}
              </Button>
            )}
          />
        )}
      </section>

      <section aria-labelledby="carousel-current-title" className={`${panelClass} p-3 sm:p-4`} aria-busy={saving}>
        <h2 id="carousel-current-title" className="mb-3 text-base font-semibold">
          {t('carousel.currentTitle', { count: items.length })}
        </h2>
        {carousel.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : carousel.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-zinc-400">
            {t('loadFailed')}
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-zinc-400">{t('carousel.empty')}</p>
        ) : (
          <ol className="space-y-2">
            {items.map((item, index) => (
              <CuratedItem
                key={item.id}
                testId="carousel-item"
                series={item.series}
                badge={`#${item.displayOrder}`}
                badgeLabel={t('carousel.order', { order: item.displayOrder })}
                isFirst={index === 0}
                isLast={index === items.length - 1}
                saving={saving}
                moveUpLabel={t('carousel.moveUp', { title: item.series.title })}
                moveDownLabel={t('carousel.moveDown', { title: item.series.title })}
                removeLabel={t('carousel.remove', { title: item.series.title })}
                onMove={(delta) => move(index, delta)}
                onRemove={() => removeItem(item.id, item.series.title)}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
