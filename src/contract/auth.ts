import { z } from 'zod';

export const accessBody = z.object({
  code: z.string({ error: 'Access code is required' }).max(200, 'Access code is too long'),
});
export const accessReply = z.object({ granted: z.literal(true) });
/** POST /api/access/leave: the viewer's access session has ended and its cookie is cleared. */
export const leaveAccessReply = z.object({ granted: z.literal(false) });
/** POST /api/admin/access/revoke-all: how many viewer access sessions were ended. */
export const revokeAllAccessReply = z.object({ revokedSessions: z.number().int().min(0) });

export const adminLoginBody = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000),
});
export const adminSessionReply = z.object({ authenticated: z.boolean() });

export const healthReply = z.object({ status: z.literal('ok') });
/** 503 from /api/health: which part is down and why, for the operator's probe. */
export const healthDownReply = z.object({
  status: z.literal('unavailable'),
  down: z.array(z.enum(['database', 'media-store'])),
  message: z.string(),
});

export type RevokeAllAccessReply = z.infer<typeof revokeAllAccessReply>;
