import i18next from 'i18next';

const locale = () => i18next.language || 'en';

/** Likes over 1000 carry a K suffix (SPEC §9): 1500 → "1.5K", 999 → "999". */
export function formatLikes(likes: number): string {
  if (likes > 1000) {
    const thousands = Math.round(likes / 100) / 10;
    return `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(thousands)}K`;
  }
  return new Intl.NumberFormat(locale()).format(likes);
}

/** Ratings are stored 0-100; viewers see tenths with one decimal: 85 → "8.5". */
export function formatRatingOutOfTen(rating: number): string {
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating / 10);
}

/** The rating count shown is rating × 1000 (SPEC §2). */
export function ratingCount(rating: number): number {
  return rating * 1000;
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}

export function formatPrice(usd: number): string {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency: 'USD' }).format(usd);
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Seconds → "m:ss" (or "h:mm:ss"). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
