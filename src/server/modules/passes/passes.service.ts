import { randomUUID } from 'node:crypto';
import { PREVIEW_PASS_DAYS, type VipPass, type VipPassReply } from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, databaseError, DomainError, notFound } from '../../errors.ts';
import * as repo from './passes.repository.ts';

/** Stripe's subscription statuses, which is what a provider reports; the preview reports the same ones. */
export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused' | 'canceled';

export interface SubscriptionState {
  accountId: string;
  subscriptionId: string;
  customerId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  provider?: 'preview' | 'stripe';
}

/**
 * Paid (or free in the preview) and running: the pass plays. A renewal that failed keeps the pass until the end of
 * the period that was paid, no further. Cancelled, or never paid at all: ended.
 */
const PASS_STATUS_OF: Record<SubscriptionStatus, repo.PassStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  incomplete: 'past_due',
  incomplete_expired: 'ended',
  canceled: 'ended',
};

export const SIGN_IN_FOR_VIP =
  'Add a passkey or sign in first, so your VIP pass stays with your account and is not lost with this browser.';

/**
 * The one way a pass's state is written: the preview's "Get VIP" and "Cancel", and (later) Stripe's
 * customer.subscription.* and invoice.paid events, each carrying the subscription as the provider sees it.
 */
export async function recordSubscriptionState(db: Executor, state: SubscriptionState) {
  return repo.upsertPass(db, {
    userId: state.accountId,
    provider: state.provider ?? 'stripe',
    subscriptionId: state.subscriptionId,
    customerId: state.customerId,
    status: PASS_STATUS_OF[state.status],
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? false,
  });
}

/**
 * A paid subscription's state, as the provider's event or a fresh read of it tells it (in the caller's
 * transaction). The viewer's writes are serialised, and a live subscription replaces any other live pass of the
 * viewer (a preview pass from before payments were set up, or an older subscription): one pass plays at a time.
 */
export async function recordProviderSubscription(db: Executor, state: SubscriptionState) {
  await repo.lockPassesOf(db, state.accountId);
  if (PASS_STATUS_OF[state.status] !== 'ended') {
    await repo.endOtherLivePasses(db, state.accountId, state.subscriptionId);
  }
  return recordSubscriptionState(db, { ...state, provider: 'stripe' });
}

/** Whether the viewer has a pass that plays now. */
export async function hasPlayingPass(db: Executor, userId: string): Promise<boolean> {
  return (await repo.playingPassOf(db, userId)) !== undefined;
}

function toVipPass(row: repo.PassRow): VipPass {
  return {
    status: row.status === 'past_due' ? 'past_due' : 'active',
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    provider: row.provider,
  };
}

export interface VipOffer {
  price: number;
  currency: string;
  /** False where a payment provider sells the pass; the preview's pass is free. */
  preview?: boolean;
}

export async function vipPassOf(db: Executor, userId: string, offer: VipOffer): Promise<VipPassReply> {
  const row = userId === '' ? undefined : await repo.playingPassOf(db, userId);
  return {
    pass: row ? toVipPass(row) : null,
    offer: { price: offer.price, currency: offer.currency, days: PREVIEW_PASS_DAYS, preview: offer.preview ?? true },
  };
}

/** The viewers among these whose pass plays every episode now (read in the caller's transaction). */
export async function viewersWithVip(db: Executor, userIds: string[]): Promise<Set<string>> {
  return new Set(await repo.viewersWithPlayingPass(db, userIds));
}

/**
 * The preview's free pass: 7 days from now, for a signed-in account only. One pass at a time (a database
 * constraint, so two taps at once make one).
 */
export async function startPreviewPass(db: Database, accountId: string, signedIn: boolean, offer: VipOffer) {
  if (!signedIn) throw new DomainError('unauthenticated', SIGN_IN_FOR_VIP);
  try {
    await db.transaction(async (tx) => {
      if (await repo.playingPassOf(tx, accountId)) throw conflict('You already have a VIP pass.');
      await repo.endRunOutPasses(tx, accountId);
      await recordSubscriptionState(tx, {
        accountId,
        provider: 'preview',
        subscriptionId: `preview_${randomUUID()}`,
        customerId: null,
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + PREVIEW_PASS_DAYS * 24 * 3600_000),
      });
    });
  } catch (error) {
    if (databaseError(error)?.code === '23505') throw conflict('You already have a VIP pass.');
    throw error;
  }
  return vipPassOf(db, accountId, offer);
}

/**
 * "Cancel" of the preview's free pass ends it at once: nothing was paid for the rest of the week. A paid pass is
 * managed at the provider (its customer portal), whose events then record the change.
 */
export async function cancelPreviewPass(db: Database, accountId: string, offer: VipOffer) {
  const row = await repo.playingPassOf(db, accountId);
  if (!row) throw notFound('You have no VIP pass to cancel.');
  if (row.provider !== 'preview') throw conflict('This pass is paid: manage it from "Manage".');
  await recordSubscriptionState(db, {
    accountId,
    provider: 'preview',
    subscriptionId: row.subscriptionId,
    customerId: null,
    status: 'canceled',
    currentPeriodEnd: row.currentPeriodEnd,
  });
  return vipPassOf(db, accountId, offer);
}

/** A deleted account's passes go with it (in the caller's transaction). */
export function forgetPasses(db: Executor, userId: string): Promise<void> {
  return repo.deletePassesOf(db, userId);
}
