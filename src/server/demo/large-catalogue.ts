import type { Executor } from '../db/client.ts';
import { addGeneratedSeries } from '../modules/catalogue/catalogue.service.ts';
import { addGeneratedEpisodes } from '../modules/episodes/episodes.service.ts';

export interface LargeCatalogueSize {
  /** The catalogue is filled up to this many series. */
  series: number;
  /** Published episodes given to each series that has none. */
  episodesPerSeries: number;
}

/** Title words in several scripts, so searching a large catalogue meets what a real one holds. */
const TITLE_WORDS = [
  'Love',
  'Storm',
  'Café',
  'Secret',
  'Night',
  'Bride',
  'قلب',
  'الصحراء',
  '約束',
  '月下',
  'รัก',
  'สายฝน',
];

/**
 * Generated series and episodes for scale tests and benchmarks (issue 10: 10,000 series, 500,000 episodes).
 * They are older than any series an operator creates, so a test's own series stay first in the newest lists.
 * Done in a few set-based statements; about half a minute for the full size on a small machine.
 */
export async function loadLargeCatalogue(db: Executor, size: LargeCatalogueSize): Promise<void> {
  await addGeneratedSeries(db, { upTo: size.series, episodesEach: size.episodesPerSeries, titleWords: TITLE_WORDS });
  await addGeneratedEpisodes(db, size.episodesPerSeries);
}
