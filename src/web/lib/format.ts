import { shownLanguageTag } from './texts/text-store.ts';

/** The language shown (a BCP 47 tag such as 'ja' or 'zh-TW'): every number, price and date follows it. */
const locale = shownLanguageTag;

/**
 * In English, likes over 1000 carry a K suffix: 1500 → "1.5K", 999 → "999". Other languages use their own
 * short form where they have one (fr "1,5 k", ko "1.5천", ja "1.5万" from 10,000, hi "1.5 हज़ार");
 * a language without one writes the number out in full (de "1500").
 */
export function formatLikes(likes: number): string {
  const lang = locale();
  if (likes <= 1000) return new Intl.NumberFormat(lang).format(likes);
  if (lang === 'en') {
    const thousands = Math.round(likes / 100) / 10;
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(thousands)}K`;
  }
  return new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(likes);
}

/** Ratings are stored 0-100; viewers see tenths with one decimal: 85 → "8.5". */
export function formatRatingOutOfTen(rating: number): string {
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating / 10);
}

/** The rating count shown is rating × 1000. */
export function ratingCount(rating: number): number {
  return rating * 1000;
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}

export function formatPrice(usd: number): string {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency: 'USD' }).format(usd);
}

/** An amount in a currency named by its ISO 4217 code ('usd', 'EUR'), written the language's way. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** The day of an instant, in the viewer's time zone, written the language's way ("January 24, 2025"). */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'long' }).format(new Date(iso));
}

/** A calendar date such as '2025-01-24', written the language's way ("January 24, 2025", "2025年1月24日"). */
export function formatDate(isoDate: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A share 0–1 as a percentage in the language's way ("42.5%", "42,5 %"). */
export function formatPercent(share: number): string {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
