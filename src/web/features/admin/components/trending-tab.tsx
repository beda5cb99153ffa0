import { useId, useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { MATCH_MAX, MATCH_MIN, TRENDING_MAX_ITEMS } from '#contract/constants.ts';
import type { TrendingItem } from '#contract/curation.ts';
import type { Series } from '#contract/series.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTrendingItems } from '#web/api/get-trending.ts';
import { useAddTrendingItem } from '../api/add-trending-item.ts';
import { useUpdateTrendingMatch } from '../api/update-trending-match.ts';
import { useRemoveTrendingItem } from '../api/remove-trending-item.ts';
import { useReorderTrending } from '../api/reorder-trending.ts';
import { acceptedMatchPercentage, freeTrendingRanks, trendingRanksAfterMove } from '../lib/catalogue-figures.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { CuratedItem } from './curated-item.tsx';
import { SeriesPicker } from './series-picker.tsx';
import { controlBase, panelClass } from './styles.ts';

export function TrendingTab() {
  const { t } = useTranslation('admin');
  const trending = useTrendingItems();
  const add = useAddTrendingItem();
  const updateMatch = useUpdateTrendingMatch();
  const remove = useRemoveTrendingItem();
  const reorder = useReorderTrending();
  const fail = useAdminFailure();
  const saving = add.isPending || updateMatch.isPending || remove.isPending || reorder.isPending;
  const items = useMemo(() => trending.data ?? [], [trending.data]);
  const freeRanks = useMemo(() => freeTrendingRanks(items), [items]);

  const addSeries = (s: Series, rank: number) =>
    add.mutate(
      { seriesId: s.id, rank },
      {
        onSuccess: () =>
          toast({ title: t('trending.added'), description: t('trending.addedMessage', { title: s.title, rank }) }),
        onError: (error) => fail(error, t('trending.addFailed')),
      },
    );

  const saveMatch = (item: TrendingItem, matchPercentage: number, onFailed: () => void) =>
    updateMatch.mutate(
      { id: item.id, matchPercentage },
      {
        onSuccess: () =>
          toast({
            title: t('trending.updated'),
            description: t('trending.updatedMessage', { title: item.series.title, percent: matchPercentage }),
          }),
        onError: (error) => {
          onFailed();
          fail(error, t('trending.updateFailed'));
        },
      },
    );

  const move = (index: number, delta: -1 | 1) =>
    reorder.mutate(trendingRanksAfterMove(items, index, delta), {
      onSuccess: () => toast({ title: t('trending.reordered'), description: t('trending.reorderedMessage') }),
      onError: (error) => fail(error, t('trending.reorderFailed')),
    });

  const removeItem = (item: TrendingItem) =>
    remove.mutate(item.id, {
      onSuccess: () =>
        toast({
          title: t('trending.removed'),
          description: t('trending.removedMessage', { title: item.series.title }),
        }),
      onError: (error) => fail(error, t('trending.removeFailed')),
    });

  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-base font-semibold">{t('trending.title')}</h2>
        <p className="text-xs text-zinc-400">{t('trending.subtitle')}</p>
      </div>
      <div className="grid grid-cols-1 gap-5">
        <section
          aria-labelledby="trending-current-title"
          className={`${panelClass} order-2 p-3 sm:p-4`}
          aria-busy={saving}
        >
          <h3 id="trending-current-title" className="mb-3 text-base font-semibold">
            {t('trending.currentTitle', { count: items.length })}
          </h3>
          {trending.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : trending.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-zinc-400">
              {t('loadFailed')}
            </p>
          ) : items.length === 0 ? (
            <p className="py-6 text-center text-sm text-zinc-400">{t('trending.empty')}</p>
          ) : (
            <ol className="space-y-2">
              {items.map((item, index) => (
                <CuratedItem
                  key={item.id}
                  testId="trending-item"
                  series={item.series}
                  badge={`#${item.rank}`}
                  badgeLabel={t('trending.rank', { rank: item.rank })}
                  isFirst={index === 0}
                  isLast={index === items.length - 1}
                  saving={saving}
                  moveUpLabel={t('trending.moveUp', { title: item.series.title })}
                  moveDownLabel={t('trending.moveDown', { title: item.series.title })}
                  removeLabel={t('trending.remove', { title: item.series.title })}
                  onMove={(delta) => move(index, delta)}
                  onRemove={() => removeItem(item)}
                >
                  <span className="text-xs font-semibold whitespace-nowrap text-emerald-300">
                    {t('trending.match', { percent: item.matchPercentage })}
                  </span>
                  {/* Keyed by the saved value, so a refetch (or an ignored value) resets what is typed. */}
                  <MatchInput
                    key={`${item.id}-${item.matchPercentage}`}
                    item={item}
                    disabled={saving}
                    onSave={(value, onFailed) => saveMatch(item, value, onFailed)}
                  />
                </CuratedItem>
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="trending-add-title" className={`${panelClass} order-1 p-3 sm:p-4`}>
          <h3 id="trending-add-title" className="text-base font-semibold">
            {t('trending.addTitle')}
          </h3>
          {trending.isPending ? (
            <Skeleton className="mt-3 h-40" />
          ) : items.length >= TRENDING_MAX_ITEMS ? (
            <p className="mt-1 text-sm text-zinc-400" data-testid="trending-full">
              {t('trending.full')}
            </p>
          ) : (
            <>
              <p className="mb-3 text-xs text-zinc-400">{t('trending.addSubtitle', { free: freeRanks.length })}</p>
              <SeriesPicker
                notIn="trending"
                allIn={t('trending.noCandidates')}
                searchLabel={t('trending.searchLabel')}
                searchPlaceholder={t('trending.searchPlaceholder')}
                noMatches={t('trending.noMatches')}
                pagerLabel={t('trending.addTitle')}
                testId="trending-candidate"
                gridClass="grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))]"
                pageSize={6}
                actionPlacement="below"
                renderAction={(s) => (
                  <RankPicker series={s} freeRanks={freeRanks} disabled={saving} onAdd={(rank) => addSeries(s, rank)} />
                )}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

interface RankPickerProps {
  series: Series;
  freeRanks: number[];
  disabled: boolean;
  onAdd: (rank: number) => void;
}

/** The 'Rank (1-7)' dropdown offers only ranks not taken; Add is enabled once one is chosen. */
function RankPicker({ series, freeRanks, disabled, onAdd }: RankPickerProps) {
  const { t } = useTranslation('admin');
  const [chosen, setChosen] = useState('');
  const rank = freeRanks.includes(Number(chosen)) ? Number(chosen) : undefined;
  return (
    <span className="flex shrink-0 items-center gap-1.5">
      <select
        className={`${controlBase} h-8 w-28 pe-7 ps-2 text-xs`}
        value={rank === undefined ? '' : String(rank)}
        onChange={(event) => setChosen(event.target.value)}
        aria-label={t('trending.rankLabel', { title: series.title })}
      >
        <option value="">{t('trending.rankPlaceholder')}</option>
        {freeRanks.map((free) => (
          <option key={free} value={free}>
            {t('trending.rankOption', { rank: free })}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        className="rounded-lg px-2.5"
        disabled={disabled || rank === undefined}
        onClick={() => rank !== undefined && onAdd(rank)}
        aria-label={t('trending.addLabel', { title: series.title })}
      >
        <Plus className="size-4" aria-hidden />
        {t('trending.add')}
      </Button>
    </span>
  );
}

interface MatchInputProps {
  item: TrendingItem;
  disabled: boolean;
  /** onFailed puts the saved value back in the box. */
  onSave: (matchPercentage: number, onFailed: () => void) => void;
}

/** 'Match %' saved on blur or Enter; only whole numbers within 1-99 count, others are ignored. */
function MatchInput({ item, disabled, onSave }: MatchInputProps) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState(String(item.matchPercentage));
  const inputId = useId();

  const commit = () => {
    const accepted = acceptedMatchPercentage(typed, MATCH_MIN, MATCH_MAX);
    if (accepted === undefined || accepted === item.matchPercentage) {
      setTyped(String(item.matchPercentage));
      return;
    }
    onSave(accepted, () => setTyped(String(item.matchPercentage)));
  };

  return (
    <span className="flex items-center gap-1.5">
      <label htmlFor={inputId} className="text-xs whitespace-nowrap text-zinc-400">
        {t('trending.matchLabel')}
      </label>
      <input
        id={inputId}
        type="number"
        min={MATCH_MIN}
        max={MATCH_MAX}
        step={1}
        inputMode="numeric"
        value={typed}
        disabled={disabled}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          }
        }}
        aria-label={t('trending.matchInputLabel', { title: item.series.title })}
        className={`${controlBase} h-8 w-16 px-2 text-center tabular-nums`}
      />
    </span>
  );
}
