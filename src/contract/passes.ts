import { z } from 'zod';

/** How long the free pass of the preview (no payment provider configured) lasts. */
export const PREVIEW_PASS_DAYS = 7;

/**
 * The viewer's VIP pass while it lets every episode play: `past_due` when a renewal failed (it still plays until
 * `currentPeriodEnd`, then ends); `preview` for the free pass of the preview, `stripe` for a paid subscription.
 */
export const vipPass = z.object({
  status: z.enum(['active', 'past_due']),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  provider: z.enum(['preview', 'stripe']),
});
export type VipPass = z.infer<typeof vipPass>;

export const vipPassReply = z.object({
  /** null: no pass that plays now (never had one, cancelled, or past its end). */
  pass: vipPass.nullable(),
  /** What the pass costs a week, and whether getting it is the preview's free pass (nothing is charged). */
  offer: z.object({
    price: z.number(),
    currency: z.string(),
    days: z.number().int(),
    preview: z.boolean(),
  }),
});
export type VipPassReply = z.infer<typeof vipPassReply>;

/** With a payment provider, "Get VIP" answers where to pay: its Checkout page for the weekly subscription. */
export const vipCheckoutReply = z.object({ checkoutUrl: z.string() });
export type VipCheckoutReply = z.infer<typeof vipCheckoutReply>;

/** "Manage": the address of the provider's customer portal (change the card, cancel), for a moment. */
export const vipPortalReply = z.object({ url: z.string() });
export type VipPortalReply = z.infer<typeof vipPortalReply>;

export const autoUnlockSetting = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type AutoUnlockSetting = z.infer<typeof autoUnlockSetting>;
