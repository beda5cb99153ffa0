import { z } from 'zod';
import { positiveId } from './common.ts';

export const user = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  coins: z.number().int(),
  bonuses: z.number().int(),
});
export type User = z.infer<typeof user>;

export const coinPackage = z.object({
  id: z.string(),
  coins: z.number().int(),
  bonus: z.number().int(),
  price: z.number(),
  popular: z.boolean().optional(),
  newUser: z.boolean().optional(),
});

export const packagesQuery = z.object({
  /** `topup` (default): the six Top Up packages; `rewards`: the four of the rewards page. */
  placement: z.enum(['topup', 'rewards']).default('topup'),
});

/** coins, bonus and price are accepted for compatibility and ignored: the server credits the package it looks up. */
export const purchaseBody = z.object({
  packageId: z.string({ error: 'packageId is required' }).min(1, 'packageId is required').max(64),
  coins: z.unknown().optional(),
  bonus: z.unknown().optional(),
  price: z.unknown().optional(),
});
export const purchaseReply = z.object({
  /** coins + bonus credited by this purchase */
  totalCoins: z.number().int(),
  user,
});
export type PurchaseReply = z.infer<typeof purchaseReply>;

/** With a payment provider: the purchase waits for its payment on the provider's page at checkoutUrl. */
export const purchaseCheckoutReply = z.object({
  purchaseId: z.string(),
  checkoutUrl: z.string(),
});
export type PurchaseCheckoutReply = z.infer<typeof purchaseCheckoutReply>;

export const PURCHASE_STATUSES = [
  'pending',
  'paid',
  'refunded',
  'partially_refunded',
  'disputed',
  'expired',
  'failed',
] as const;
export const purchaseStatusName = z.enum(PURCHASE_STATUSES);
export type PurchaseStatusName = z.infer<typeof purchaseStatusName>;

export const purchaseIdParams = z.object({
  purchaseId: z.string().min(1).max(64),
});

/** A purchase paid through the payment provider, as its buyer sees it. */
export const purchaseStatus = z.object({
  id: z.string(),
  status: purchaseStatusName,
  packageId: z.string(),
  coins: z.number().int(),
  bonuses: z.number().int(),
  /** coins + bonuses this purchase credits once paid */
  totalCoins: z.number().int(),
  /** In the currency's minor units (cents). */
  amount: z.number().int(),
  currency: z.string(),
  receiptUrl: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PurchaseStatus = z.infer<typeof purchaseStatus>;

/** How purchases are paid here: `preview` charges nothing (no payment provider configured). */
export const paymentsInfo = z.object({
  provider: z.enum(['preview', 'stripe']),
  currency: z.string(),
});
export type PaymentsInfo = z.infer<typeof paymentsInfo>;

export const checkInReply = z.object({
  success: z.boolean(),
  /** bonuses earned by this check-in (0 when already checked in today) */
  bonuses: z.number().int(),
  user,
});
export type CheckInReply = z.infer<typeof checkInReply>;

/** `cost` is accepted and ignored: the unlock charges the series' episodeCost. */
export const unlockEpisodeBody = z.object({
  seriesId: positiveId,
  episodeNumber: z
    .number({ error: 'episodeNumber must be a number' })
    .int('episodeNumber must be a whole number')
    .min(1, 'episodeNumber must be at least 1')
    .max(100_000),
  cost: z.unknown().optional(),
  /** The player unlocking the next episode by itself: refused unless the viewer turned auto-unlock on. */
  auto: z.boolean({ error: 'auto must be true or false' }).optional(),
});
export const unlockEpisodeReply = z.object({
  seriesId: z.number().int(),
  episodeNumber: z.number().int(),
  /** coins + bonuses charged (0 when a VIP pass covers the episode) */
  cost: z.number().int(),
  /** `vip`: the viewer's VIP pass plays it; nothing was charged and no unlock was recorded. */
  coveredBy: z.literal('vip').optional(),
  user,
});
export type UnlockEpisodeReply = z.infer<typeof unlockEpisodeReply>;

export const unlockedEpisode = z.object({
  seriesId: z.number().int(),
  episodeNumber: z.number().int(),
  unlockedAt: z.string(),
});
export type UnlockedEpisode = z.infer<typeof unlockedEpisode>;
/** Undo of an automatic unlock: every coin back, the episode locked again. */
export const undoUnlockBody = unlockEpisodeBody.pick({ seriesId: true, episodeNumber: true });
export const undoUnlockReply = z.object({
  seriesId: z.number().int(),
  episodeNumber: z.number().int(),
  /** coins + bonuses given back */
  refunded: z.number().int(),
  user,
});
export type UndoUnlockReply = z.infer<typeof undoUnlockReply>;

export const unlockedEpisodesQuery = z.object({ seriesId: positiveId.optional() });

/**
 * `welcome`: the starting balance a new viewer was given; `grant`: coins support gave or took back, with a reason;
 * `undo`: the coins of an automatic unlock the viewer undid; `refund`: coins and bonuses a refunded or disputed
 * payment took back; `invitation`: the bonuses of a friend who saved an account by an invitation link (both sides).
 */
export const ledgerEntryKind = z.enum([
  'purchase',
  'checkin',
  'unlock',
  'welcome',
  'grant',
  'transfer',
  'undo',
  'refund',
  'invitation',
]);
export const ledgerEntry = z.object({
  id: z.number().int(),
  kind: ledgerEntryKind,
  coinsDelta: z.number().int(),
  bonusesDelta: z.number().int(),
  packageId: z.string().nullable(),
  /** USD paid, for purchases */
  price: z.number().nullable(),
  seriesId: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  /** Why support granted or took back these coins. */
  reason: z.string().nullable().optional(),
  /** A purchase credited by the preview, which charged nothing (no payment provider configured). */
  preview: z.boolean().optional(),
  /** The payment provider's receipt of a paid purchase, when it has one. */
  receiptUrl: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const idempotencyKeyHeader = z.object({
  'idempotency-key': z.string().min(1).max(200).optional(),
});

export const transactionsQuery = z.object({
  /** newest entries first; at most this many */
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
