import { z } from 'zod';

/** What an invitation code looks like: 12 characters of base64url, made by the server. */
export const INVITATION_CODE = /^[A-Za-z0-9_-]{12}$/;

/** Rewarded invitations per inviter per UTC day; more are recorded, not rewarded. */
export const INVITATIONS_REWARDED_PER_DAY = 20;

export const invitation = z.object({
  code: z.string(),
  /** The link to share, a path of this app: `/i/{code}`. */
  path: z.string(),
  /** Friends who saved an account by this viewer's link. */
  invited: z.number().int(),
  /** Bonuses this viewer earned by them. */
  bonusesEarned: z.number().int(),
});
export type Invitation = z.infer<typeof invitation>;

/** Any text: an unknown or malformed code is harmless (the visitor goes home), never a 4xx. */
export const invitationLinkParams = z.object({ code: z.string().max(200) });
