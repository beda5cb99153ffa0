import type { PreviewPayments } from './payments.ts';

/** No payment provider: a purchase is credited at once and charges nothing, and the screens say so. */
export function previewPayments(currency: string): PreviewPayments {
  return { kind: 'preview', currency };
}
