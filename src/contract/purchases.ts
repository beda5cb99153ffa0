import { z } from 'zod';
import { purchaseStatusName } from './wallet.ts';

/** A purchase paid through the payment provider, as operators see it. */
export const adminPurchase = z.object({
  id: z.string(),
  /** The viewer's UID (the last 8 characters of their id, as their profile shows it) and whole id. */
  viewerUid: z.string(),
  viewerId: z.string(),
  packageId: z.string(),
  /** In the currency's minor units (cents). */
  amount: z.number().int(),
  currency: z.string(),
  status: purchaseStatusName,
  coins: z.number().int(),
  bonuses: z.number().int(),
  refundedAmount: z.number().int(),
  coinsTakenBack: z.number().int(),
  /** What refunds should have taken back but the viewer had already spent. */
  coinsNotRecovered: z.number().int(),
  /** Stripe's ids: the Checkout Session, and once paid the payment intent. */
  checkoutSessionId: z.string(),
  paymentIntentId: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminPurchase = z.infer<typeof adminPurchase>;

export const adminPurchasesQuery = z.object({
  status: purchaseStatusName.optional(),
  /** Purchases made before this time (the last one of the previous page). */
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const refundBody = z.object({
  /** In the currency's minor units; all that is left of the payment when left out. */
  amount: z.number().int().min(1).max(100_000_000).optional(),
});

export const refundReply = z.object({
  refundId: z.string(),
  /** The provider's status of the refund; the coins are taken back once it confirms it (its webhook). */
  status: z.string(),
});
export type RefundReply = z.infer<typeof refundReply>;

export const revenueQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
});

/** Real money per UTC day and currency (paid minus refunded); the preview's purchases, which charged nothing, apart. */
export const revenueReply = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      currency: z.string(),
      purchases: z.number().int(),
      paid: z.number().int(),
      refunded: z.number().int(),
      net: z.number().int(),
    }),
  ),
  preview: z.array(z.object({ day: z.string(), purchases: z.number().int(), listPrice: z.number().int() })),
});
export type RevenueReply = z.infer<typeof revenueReply>;

/** Currencies without minor units: their amounts are whole units (ISO 4217, as Stripe lists them). */
// An array, not a Set: a bundle that does not use it drops it (a `new Set` at the top counts as a side effect).
const ZERO_DECIMAL: readonly string[] = [
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
];

/** A price of the package table (in the currency's main unit) in minor units. */
export function minorUnits(price: number, currency: string): number {
  return ZERO_DECIMAL.includes(currency.toLowerCase()) ? Math.round(price) : Math.round(price * 100);
}

/** An amount in minor units back in the currency's main unit (999 usd → 9.99). */
export function mainUnits(amountMinor: number, currency: string): number {
  return ZERO_DECIMAL.includes(currency.toLowerCase()) ? amountMinor : amountMinor / 100;
}
