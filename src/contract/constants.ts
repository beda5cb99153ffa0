// The product's numbers (docs/product.md), shared by the server (which enforces them) and the client (which shows them).

export const GENRES = [
  'Action & Adventure',
  'Anime',
  'Children & Family',
  'Classic',
  'Comedy',
  'Documentary',
  'Drama',
  'Horror',
  'Music',
  'Romance',
  'Sci-Fi & Fantasy',
  'Sports',
  'Thrillers',
  'TV Shows',
] as const;
export type Genre = (typeof GENRES)[number];

export const LANGUAGES = [
  'english',
  'spanish',
  'french',
  'german',
  'portuguese',
  'chinese-simplified',
  'chinese-traditional',
  'japanese',
  'korean',
  'arabic',
  'russian',
  'italian',
  'dutch',
  'hindi',
  'thai',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** How the API names the viewer of a request in its paths and bodies; the viewer's own id works too, any other answers 404. */
export const VIEWER_USER_ID = 'user-1';

export const FREE_EPISODES = 10;
export const DEMO_EPISODE_COST = 50;
export const EPISODE_SLOTS = 50;

export const DAILY_CHECKIN_BONUSES = 10;
export const WATCH_AD_BONUSES = 5;
export const INVITE_FRIEND_BONUSES = 50;

export const TRENDING_MAX_ITEMS = 7;
export const TRENDING_RANK_MIN = 1;
export const TRENDING_RANK_MAX = 7;
export const MATCH_MIN = 1;
export const MATCH_MAX = 99;
export const INITIAL_MATCH_MIN = 85;
export const INITIAL_MATCH_MAX = 99;

export const RATING_MIN = 0;
export const RATING_MAX = 100;

export const NEW_SERIES_DEFAULTS = {
  title: '',
  description: '',
  genre: '',
  thumbnailUrl: '',
  verticalThumbnailUrl: '',
  totalEpisodes: 1,
  rating: 85,
  isNew: true,
  isFree: false,
  episodeCost: 55,
  tags: [] as string[],
};

export const SHELF_SIZE = 7;
/** The genre shelf home shows before 'More Movies'. */
export const FEATURED_GENRE: Genre = 'Action & Adventure';
/** Series per page of the discover grids and the new-release page. */
export const SERIES_PAGE_SIZE = 24;
export const NEW_RELEASE_LIMIT = 7;
export const MOST_POPULAR_LIMIT = 10;
export const TRENDING_SKELETONS = 5;

export const TIMINGS = {
  carouselIntervalMs: 5000,
  swipeThresholdPx: 50,
  profileMenuHideMs: 300,
  playerControlsHideMs: 3000,
  accessGateDelayMs: 1000,
  simulatedLoginDelayMs: 1500,
  brandCopyConfirmMs: 2000,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  toastDurationMs: 5000,
  progressReportIntervalMs: 5000,
} as const;

export const USER_DATA_FRESH_MS = 5 * 60 * 1000;
export const APP_VERSION = '1.0.0';

export interface CoinPackage {
  id: string;
  coins: number;
  bonus: number;
  /** USD */
  price: number;
  popular?: boolean;
  newUser?: boolean;
}

/** The six packages of the Top Up dialog. */
export const TOP_UP_PACKAGES: readonly CoinPackage[] = [
  { id: 'package-1', coins: 500, bonus: 0, price: 4.99 },
  { id: 'package-2', coins: 1000, bonus: 150, price: 9.99, popular: true },
  { id: 'package-3', coins: 1500, bonus: 300, price: 14.99 },
  { id: 'package-4', coins: 2500, bonus: 875, price: 24.99 },
  { id: 'package-5', coins: 5000, bonus: 2500, price: 49.99 },
  { id: 'package-6', coins: 10000, bonus: 10000, price: 99.99, newUser: true },
];

/** The four packages of the rewards page. */
export const REWARDS_PACKAGES: readonly CoinPackage[] = [
  { id: 'rewards-1', coins: 1000, bonus: 0, price: 10 },
  { id: 'rewards-2', coins: 5000, bonus: 500, price: 45 },
  { id: 'rewards-3', coins: 10000, bonus: 2000, price: 80 },
  { id: 'rewards-4', coins: 25000, bonus: 7500, price: 180 },
];

export function findCoinPackage(packageId: string): CoinPackage | undefined {
  return [...TOP_UP_PACKAGES, ...REWARDS_PACKAGES].find((p) => p.id === packageId);
}

/** Bonus percentage shown on a package: bonus / coins, rounded; 0 without a bonus. */
export function bonusPercent(pkg: Pick<CoinPackage, 'coins' | 'bonus'>): number {
  return pkg.bonus > 0 && pkg.coins > 0 ? Math.round((pkg.bonus / pkg.coins) * 100) : 0;
}

export function isEpisodeFree(episodeNumber: number, series: { isFree: boolean }): boolean {
  return series.isFree || episodeNumber <= FREE_EPISODES;
}

/** Largest batch of viewing events the player sends at once; it flushes well before (every few seconds). */
export const MAX_EVENTS_PER_BATCH = 200;
