import { sql } from 'drizzle-orm';
import { DEMO_EPISODE_COST } from '#contract/index.ts';
import { seriesArt, writeArtFiles, type SeriesArt } from '../media/art.ts';
import { DEMO_CLIPS, demoClipUrl } from './demo-clips.ts';
import type { Database } from '../db/client.ts';
import { hasAnySeries, importSeries } from '../modules/catalogue/catalogue.service.ts';
import { importEpisodes } from '../modules/episodes/episodes.service.ts';
import { importCarousel, importTrending } from '../modules/curation/curation.service.ts';
import { importTranslations } from '../modules/translations/translations.service.ts';
import { DEMO_CAROUSEL, DEMO_SERIES, DEMO_TRENDING, EPISODE_TITLES } from './catalogue.ts';
import { DEMO_TRANSLATIONS } from './catalogue-translations.ts';

export interface SeedOptions {
  mediaDir: string;
  log: (message: string) => void;
}

const DAY_MS = 24 * 3600_000;
/** Any constant: serialises two servers seeding the same database at once. */
const SEED_LOCK_KEY = 7_311_001;

export function demoArt(): SeriesArt[] {
  return DEMO_SERIES.map((s, index) => seriesArt(s.title, s.genre, index));
}

/**
 * The demo catalogue, only on a database without series (so restarts never duplicate it).
 * The artwork files are (re)written whenever missing, which is cheap; clips are made in the background
 * by the media module because encoding is slow.
 */
export async function seedDemoCatalogue(db: Database, options: SeedOptions): Promise<boolean> {
  const art = demoArt();
  const written = writeArtFiles(
    options.mediaDir,
    art.flatMap((a) => [a.vertical, a.wide]),
  );
  if (written > 0) options.log(`demo artwork: wrote ${written} files`);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasAnySeries(tx)) return false;

    const now = Date.now();
    const inserted = await importSeries(
      tx,
      DEMO_SERIES.map((s, index) => ({
        title: s.title,
        description: s.description,
        genre: s.genre,
        tags: s.tags,
        thumbnailUrl: art[index]!.wide.url,
        verticalThumbnailUrl: art[index]!.vertical.url,
        totalEpisodes: s.episodes,
        rating: s.rating,
        likes: s.likes,
        isNew: s.isNew,
        isFree: s.isFree,
        episodeCost: DEMO_EPISODE_COST,
        // New series are the most recent ones, in catalogue order.
        createdAt: new Date(now - (s.isNew ? index + 1 : 60 + index) * DAY_MS),
      })),
    );
    const idOf = new Map(inserted.map((row) => [row.title, row.id]));

    await importEpisodes(
      tx,
      DEMO_SERIES.flatMap((s, index) =>
        Array.from({ length: s.episodes }, (_, i) => {
          const episodeNumber = i + 1;
          const clip = DEMO_CLIPS[(index + i) % DEMO_CLIPS.length]!;
          return {
            seriesId: idOf.get(s.title)!,
            episodeNumber,
            title: EPISODE_TITLES[(index * 7 + i) % EPISODE_TITLES.length]!,
            videoUrl: demoClipUrl(clip),
            thumbnailUrl: art[index]!.vertical.url,
            duration: clip.seconds,
          };
        }),
      ),
    );

    await importCarousel(
      tx,
      DEMO_CAROUSEL.map((title, i) => ({ seriesId: idOf.get(title)!, displayOrder: i + 1, isActive: true })),
    );
    await importTrending(
      tx,
      DEMO_TRENDING.map((t) => ({
        seriesId: idOf.get(t.title)!,
        rank: t.rank,
        matchPercentage: t.match,
        isActive: true,
      })),
    );
    await importTranslations(
      tx,
      Object.entries(DEMO_TRANSLATIONS).flatMap(([title, byLanguage]) =>
        Object.entries(byLanguage).map(([language, text]) => ({ seriesId: idOf.get(title)!, language, ...text })),
      ),
    );
    return true;
  });

  if (seeded) {
    const episodeCount = DEMO_SERIES.reduce((sum, s) => sum + s.episodes, 0);
    options.log(`demo catalogue: ${DEMO_SERIES.length} series, ${episodeCount} episodes`);
  }
  return seeded;
}
