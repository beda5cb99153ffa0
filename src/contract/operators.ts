import { z } from 'zod';
import { isoDateTime, positiveId, userId } from './common.ts';
import { ledgerEntry, unlockedEpisode } from './wallet.ts';

/**
 * What each operator may do. `owner` signs in with ADMIN_PASSWORD and may do everything; the others are invited.
 */
export const OPERATOR_ROLES = ['owner', 'editor', 'analyst', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const operatorRole = z.enum(OPERATOR_ROLES);
/**
 * What each role may do, as the dashboard shows it. The server decides on every route (each declares its roles
 * where it is registered); this only spares an operator controls their role cannot use.
 */
export const ROLE_CAN = {
  readCatalogue: ['owner', 'editor', 'analyst'],
  edit: ['owner', 'editor'],
  readInsights: ['owner', 'analyst'],
  readActivity: ['owner', 'analyst'],
  manageTeam: ['owner'],
  revokeViewerAccess: ['owner'],
  helpViewers: ['owner', 'support'],
  readPurchases: ['owner', 'support', 'analyst'],
  refundPurchases: ['owner', 'support'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof ROLE_CAN;
export const roleCan = (role: OperatorRole | undefined, permission: Permission) =>
  role !== undefined && (ROLE_CAN[permission] as readonly OperatorRole[]).includes(role);

/** Roles the owner can give: there is one owner, the holder of ADMIN_PASSWORD. */
export const invitableRole = z.enum(['editor', 'analyst', 'support'], {
  error: 'Role must be editor, analyst or support',
});

export const MIN_OPERATOR_PASSWORD = 12;
export const INVITE_HOURS = 72;

export const operatorName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name is at most 60 characters');

export const signedInOperator = z.object({ id: z.number().int(), name: z.string(), role: operatorRole });
export type SignedInOperator = z.infer<typeof signedInOperator>;

export const operatorStatus = z.enum(['invited', 'active', 'disabled']);
export const operatorSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  role: operatorRole,
  status: operatorStatus,
  lastSignInAt: isoDateTime.nullable(),
  inviteExpiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type OperatorSummary = z.infer<typeof operatorSummary>;

export const createOperatorBody = z.object({ name: operatorName, role: invitableRole });
export type CreateOperatorBody = z.infer<typeof createOperatorBody>;
/** The invite link is in this reply only: the server keeps its hash. */
export const createdOperatorReply = z.object({
  id: z.number().int(),
  name: z.string(),
  role: operatorRole,
  inviteUrl: z.string(),
});
export type CreatedOperatorReply = z.infer<typeof createdOperatorReply>;

export const updateOperatorBody = z
  .object({ role: invitableRole.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: 'Send a role or disabled',
  });
export type UpdateOperatorBody = z.infer<typeof updateOperatorBody>;
export const operatorIdParams = z.object({ id: positiveId });

export const inviteParams = z.object({ token: z.string().min(1).max(200) });
export const inviteReply = z.object({ name: z.string(), role: operatorRole });
export type InviteReply = z.infer<typeof inviteReply>;
export const acceptInviteBody = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(MIN_OPERATOR_PASSWORD, `Choose a password of at least ${MIN_OPERATOR_PASSWORD} characters`)
    .max(1000, 'Password is too long'),
});

/** The audit log: who did what, to which object, with a short before → after of the fields changed. */
export const auditChange = z.object({ before: z.unknown(), after: z.unknown() });
export const auditEntry = z.object({
  id: z.number().int(),
  at: isoDateTime,
  operator: z.object({ id: z.number().int().nullable(), name: z.string(), role: operatorRole.nullable() }),
  action: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  objectLabel: z.string().nullable(),
  changes: z.record(z.string(), auditChange).nullable(),
  reason: z.string().nullable(),
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
const dateTimeFilter = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Must be a date or date and time (ISO 8601)');
export const auditQuery = z.object({
  operator: positiveId.optional(),
  action: z.string().max(60).optional(),
  from: dateTimeFilter.optional(),
  to: dateTimeFilter.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: positiveId.optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;
export const auditPage = z.object({ items: z.array(auditEntry), nextCursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

/** Support: a viewer found by the UID their profile shows (the last 8 characters of their id), or by the id. */
export const viewerLookupParams = z.object({ uid: userId });
export const viewerAccount = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string(),
  coins: z.number().int(),
  bonuses: z.number().int(),
  ledger: z.array(ledgerEntry),
  unlocks: z.array(unlockedEpisode),
});
export type ViewerAccount = z.infer<typeof viewerAccount>;
export const grantCoinsBody = z.object({
  coins: z
    .number({ error: 'Coins must be a whole number' })
    .int('Coins must be a whole number')
    .min(-100_000, 'At most 100,000 coins at once')
    .max(100_000, 'At most 100,000 coins at once')
    .refine((coins) => coins !== 0, 'Coins must not be zero'),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required (at least 3 characters)')
    .max(500, 'The reason is at most 500 characters'),
});
export type GrantCoinsBody = z.infer<typeof grantCoinsBody>;
