import {
  INVITATION_CODE,
  INVITATIONS_REWARDED_PER_DAY,
  INVITE_FRIEND_BONUSES,
  type Invitation,
} from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { randomToken } from '../../auth-kit/signatures.ts';
import { creditInvitation } from '../wallet/wallet.service.ts';
import { ensureViewers, lockViewers, type ViewerStart } from '../viewers/viewers.service.ts';
import * as repo from './invitations.repository.ts';

/** 9 random bytes: 12 characters of base64url, unguessable, and no viewer id in the link. */
const newCode = () => randomToken(9);

/** The viewer's invitation link and what it earned; the code is made (and the viewer's row) on the first ask. */
export async function invitationOf(db: Database, viewerId: string, start: ViewerStart): Promise<Invitation> {
  let code = await repo.codeOf(db, viewerId);
  if (code === undefined) {
    code = await db.transaction(async (tx) => {
      await ensureViewers(tx, [viewerId], start);
      await repo.insertCode(tx, viewerId, newCode());
      return (await repo.codeOf(tx, viewerId))!;
    });
  }
  const { invited, rewarded } = await repo.invitedBy(db, viewerId);
  return { code, path: `/i/${code}`, invited, bonusesEarned: rewarded * INVITE_FRIEND_BONUSES };
}

/**
 * Who a code invites for: its viewer, or the account a guest who made it was brought into; nobody for an unknown
 * code or a deleted account.
 */
export async function inviterOf(db: Executor, code: string): Promise<string | null> {
  if (!INVITATION_CODE.test(code)) return null;
  const owner = await repo.ownerOfCode(db, code);
  if (!owner) return null;
  if (!owner.closedAt) return owner.id;
  if (!owner.mergedInto) return null;
  const account = await repo.findViewer(db, owner.mergedInto);
  return account && !account.closedAt ? account.id : null;
}

export type InvitationOutcome = 'rewarded' | 'recorded' | 'refused';

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * A new account was saved by a browser that arrived by an invitation link: in the transaction that made the account,
 * both sides get their bonuses, once per new account (the invitations table's primary key), and at most 20 times
 * per inviter per UTC day (counted under the inviter's row lock; later ones are recorded, not rewarded). Nobody
 * invites themselves: not their own account, nor the viewer of the browser they opened the link in.
 */
export async function rewardInvitation(
  tx: Executor,
  invited: { code: string; accountId: string; browserViewerId: string },
  now = new Date(),
): Promise<InvitationOutcome> {
  const inviterId = await inviterOf(tx, invited.code);
  if (inviterId === null || inviterId === invited.accountId || inviterId === invited.browserViewerId) return 'refused';
  const locked = await lockViewers(tx, [inviterId, invited.accountId]);
  if (locked.length !== 2 || locked.some((row) => row.closedAt)) return 'refused';
  const rewarded = (await repo.rewardedSince(tx, inviterId, startOfUtcDay(now))) < INVITATIONS_REWARDED_PER_DAY;
  const added = await repo.insertInvitation(tx, { inviteeId: invited.accountId, inviterId, rewarded, createdAt: now });
  if (!added) return 'refused';
  if (!rewarded) return 'recorded';
  await creditInvitation(tx, [inviterId, invited.accountId], INVITE_FRIEND_BONUSES);
  return 'rewarded';
}

export { invitationCookies } from './invitation-cookie.ts';
