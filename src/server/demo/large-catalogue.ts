import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

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
  const [row] = (await db.execute(sql`select count(*)::int as n from series`)).rows as { n: number }[];
  const missing = Math.max(0, size.series - (row?.n ?? 0));
  // One array parameter (PostgreSQL's array literal), not one parameter per word.
  const words = sql`${`{${TITLE_WORDS.join(',')}}`}::text[]`;
  await db.execute(sql`
    insert into series (title, description, genre, tags, thumbnail_url, total_episodes, is_new, likes, rating, created_at)
    select (${words})[1 + i % array_length(${words}, 1)] || ' ' || (${words})[1 + (i / 7) % array_length(${words}, 1)]
             || ' ' || i,
           'Generated series number ' || i || ' for scale tests.',
           (array['Action & Adventure','Anime','Children & Family','Classic','Comedy','Documentary','Drama',
                  'Horror','Music','Romance','Sci-Fi & Fantasy','Sports','Thrillers','TV Shows'])[1 + i % 14],
           array['generated', 'tag' || (i % 50)],
           '/media/generated/poster-' || (i % 100) || '.jpg', ${size.episodesPerSeries}, i % 10 = 0, i % 997,
           50 + i % 50, now() - interval '400 days' - i * interval '1 minute'
      from generate_series(1, ${missing}::int) as i`);
  await db.execute(sql`
    insert into episodes (series_id, episode_number, title, video_url, thumbnail_url, duration)
    select s.id, n, 'Episode ' || n, '/media/generated/' || s.id || '/' || n || '.m3u8', '/media/generated/thumb.jpg', 90
      from series s cross join generate_series(1, ${size.episodesPerSeries}::int) as n
     where not exists (select 1 from episodes e where e.series_id = s.id)`);
  await db.execute(sql`analyze series`);
  await db.execute(sql`analyze episodes`);
}
