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
