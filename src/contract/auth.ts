import { z } from 'zod';
import { signedInOperator } from './operators.ts';

export const accessBody = z.object({
  code: z.string({ error: 'Access code is required' }).max(200, 'Access code is too long'),
});
export const accessReply = z.object({ granted: z.literal(true) });
/** GET /api/access: whether the gate asks for a code at all (ACCESS_GATE), and whether this visitor is past it. */
export const accessStatusReply = z.object({ required: z.boolean(), granted: z.boolean() });
export type AccessStatus = z.infer<typeof accessStatusReply>;
/** POST /api/access/leave: the viewer's access session has ended and its cookie is cleared. */
export const leaveAccessReply = z.object({ granted: z.literal(false) });
/** POST /api/admin/access/revoke-all: how many viewer access sessions were ended. */
export const revokeAllAccessReply = z.object({ revokedSessions: z.number().int().min(0) });

/** Without a name (or with an empty one) the password is the owner's, ADMIN_PASSWORD. */
export const adminLoginBody = z.object({
  name: z.string().trim().max(60, 'Name is at most 60 characters').optional(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000),
});
export const adminSessionReply = z.object({ authenticated: z.boolean() });
/** GET /api/admin/me: who is signed in, and so what the dashboard shows them. */
export const signedInOperatorReply = signedInOperator;

export const healthReply = z.object({ status: z.literal('ok') });
/** 503 from /api/health: which part is down and why, for the operator's probe. */
export const healthDownReply = z.object({
  status: z.literal('unavailable'),
  down: z.array(z.enum(['database', 'media-store'])),
  message: z.string(),
});

export type RevokeAllAccessReply = z.infer<typeof revokeAllAccessReply>;
