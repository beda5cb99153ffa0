import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../errors.ts';
import { seriesArt, writeArtFiles } from '../../media/art.ts';
import { ArtworkRefused, isOwnMediaLink, type ArtworkImporter, type OwnOrigin } from '../../media/artwork-import.ts';
import { replaceArtworkLink, seriesWithExternalArtwork } from './catalogue.repository.ts';

const ARTWORK_FIELDS = { thumbnailUrl: 'regular thumbnail', verticalThumbnailUrl: 'vertical thumbnail' } as const;
type ArtworkField = keyof typeof ARTWORK_FIELDS;
type WithArtwork = { [F in ArtworkField]?: string | null };

/**
 * Swaps every external picture link for our own copy before anything is written, so viewers' browsers only
 * ever load pictures from our origin; a link to our own origin under /media/ becomes that path. A refusal is a
 * 400 naming the field and the reason.
 */
export async function withOwnArtwork<T extends WithArtwork>(
  artwork: ArtworkImporter,
  values: T,
  ours: OwnOrigin,
): Promise<T> {
  const own: T = { ...values };
  for (const field of Object.keys(ARTWORK_FIELDS) as ArtworkField[]) {
    const link = values[field];
    if (!link) continue;
    try {
      own[field] = (await artwork.ownCopyOf(link, ours)) as T[ArtworkField];
    } catch (error) {
      if (error instanceof ArtworkRefused) {
        throw invalid(`The ${ARTWORK_FIELDS[field]} could not be used: ${error.message}.`, field);
      }
      throw error;
    }
  }
  return own;
}

/** An operator's uploaded picture, stored like a fetched one; a refusal is a 400 on the upload's field. */
export async function storeUploadedArtwork(artwork: ArtworkImporter, bytes: Buffer, field: string): Promise<string> {
  try {
    return await artwork.store(bytes);
  } catch (error) {
    if (error instanceof ArtworkRefused) throw invalid(`The picture could not be used: ${error.message}.`, field);
    throw error;
  }
}

/**
 * Series saved before thumbnails were copied may still link elsewhere, which the CSP now blocks. Each such
 * link is copied once at start; one that cannot be (gone, private, not a picture) gets the series' generated
 * poster instead. A link an operator changed meanwhile is left alone.
 */
export async function adoptExternalArtwork(
  db: Database,
  artwork: ArtworkImporter,
  mediaDir: string,
  log: FastifyBaseLogger,
): Promise<number> {
  let adopted = 0;
  for (const row of await seriesWithExternalArtwork(db)) {
    const generated = seriesArt(row.title, row.genre, row.id);
    for (const field of Object.keys(ARTWORK_FIELDS) as ArtworkField[]) {
      const link = row[field];
      if (!link || isOwnMediaLink(link)) continue;
      let own: string;
      try {
        own = await artwork.ownCopyOf(link);
      } catch (error) {
        if (!(error instanceof ArtworkRefused)) throw error;
        log.warn(
          { seriesId: row.id, field, reason: error.message },
          'external thumbnail replaced by a generated poster',
        );
        const poster = field === 'thumbnailUrl' ? generated.wide : generated.vertical;
        writeArtFiles(mediaDir, [poster]);
        own = poster.url;
      }
      if (await replaceArtworkLink(db, row.id, field, link, own)) adopted++;
    }
  }
  return adopted;
}
