// How the catalogue is shown, shared by the app and the server's pages. Only type imports from the
// schemas: the client bundles this file, and it must not bring zod along.
import type { CarouselItem } from './curation.ts';
import type { Series } from './series.ts';

/** The vertical artwork when there is one, else the regular thumbnail. */
export const posterOf = (series: Pick<Series, 'thumbnailUrl' | 'verticalThumbnailUrl'>) =>
  series.verticalThumbnailUrl || series.thumbnailUrl;

/** The home hero's slides: the active items, in display order. */
export const carouselSlidesInOrder = (items: CarouselItem[]) =>
  items.filter((item) => item.isActive).sort((a, b) => a.displayOrder - b.displayOrder);
