import type { Account, AccountData, Device, PasskeySummary, SignInProvider } from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rewardInvitation } from '../invitations/invitations.service.ts';
import { notFound } from '../../errors.ts';
import { bringAlongLibrary, forgetLibrary, libraryDataOf } from '../library/library.service.ts';
import { bringAlongWallet, forgetWallet, walletDataOf } from '../wallet/wallet.service.ts';
import { forgetPasses } from '../passes/passes.service.ts';
import { bringAlongAlerts, forgetAlerts } from '../alerts/alerts.service.ts';
import {
  closeGuestInto,
  endSessions,
  ensureViewers,
  forgetViewer,
  lockViewers,
  nameViewer,
  newViewerId,
  sessionsOf,
  VIEWER_NAME,
  type ViewerStart,
} from '../viewers/viewers.service.ts';
import * as repo from './accounts.repository.ts';
import type { ProviderIdentity } from './openid.ts';
import { browserOf } from '../../auth-kit/user-agent.ts';

/**
 * Signing in never loses a coin: a guest who signs in to an account brings everything along, in one transaction:
 * the balance (a ledger entry on each side), unlocks, likes, saves, the furthest progress per episode and the
 * check-in days; then the guest is closed. Both rows are locked first, so a retry or a second tab signing in at
 * the same time finds the guest closed and brings nothing twice. Nothing is brought from an account (one account
 * is never merged into another) or from a visitor who wrote nothing. Returns whether anything was brought.
 */
export function bringGuestInto(db: Database, guestId: string, accountId: string): Promise<boolean> {
  if (guestId === '' || guestId === accountId) return Promise.resolve(false);
  return db.transaction(async (tx) => {
    const locked = await lockViewers(tx, [guestId, accountId]);
    const guest = locked.find((row) => row.id === guestId);
    const account = locked.find((row) => row.id === accountId);
    if (!account || account.closedAt) throw notFound('No such account');
    if (!guest || guest.closedAt || (await repo.hasSignInMethod(tx, guestId))) return false;
    await bringAlongWallet(tx, guest, accountId);
    // Alerts first: the guest's saves are deleted as they move, and a deleted save stops its alerts.
    await bringAlongAlerts(tx, guestId, accountId);
    await bringAlongLibrary(tx, guestId, accountId);
    await closeGuestInto(tx, guestId, accountId);
    return true;
  });
}

/**
 * The account a provider's identity signs in to, found by its issuer and subject only (never by e-mail). A new
 * identity makes this browser's guest the account (it keeps what it has); a browser that is already some
 * account's, or has no usable guest, gets a new viewer for it. Two sign-ins racing for one new identity end in the
 * same account.
 */
export async function accountOfIdentity(
  db: Database,
  identity: ProviderIdentity,
  guestId: string,
  start: ViewerStart,
  onNewAccount: (tx: Executor, accountId: string) => Promise<unknown> = async () => {},
): Promise<string> {
  const known = await repo.findIdentity(db, identity.issuer, identity.subject);
  if (known) return known.viewerId;
  const guest = guestId === '' ? undefined : await repo.findViewer(db, guestId);
  const usable = guestId !== '' && !guest?.closedAt && !(await repo.hasSignInMethod(db, guestId));
  const viewerId = usable ? guestId : newViewerId();
  return db.transaction(async (tx) => {
    await ensureViewers(tx, [viewerId], start);
    const added = await repo.insertIdentity(tx, {
      issuer: identity.issuer,
      subject: identity.subject,
      provider: identity.provider,
      viewerId,
      email: identity.email,
    });
    if (!added) {
      const winner = await repo.findIdentity(tx, identity.issuer, identity.subject);
      if (!winner) throw notFound('No such account');
      return winner.viewerId;
    }
    await nameViewer(tx, viewerId, identity.name ?? identity.email?.split('@')[0] ?? VIEWER_NAME, identity.email ?? '');
    // A viewer with no sign-in method until now: a new account.
    await onNewAccount(tx, viewerId);
    return viewerId;
  });
}

/**
 * A new account saved by a browser that arrived by an invitation link (`code`): the invitation's reward, in the
 * transaction that made the account.
 */
export function welcomeInvited(code: string | null, browserViewerId: string) {
  return (tx: Executor, accountId: string) =>
    code === null ? Promise.resolve() : rewardInvitation(tx, { code, accountId, browserViewerId });
}

function toPasskeySummary(row: repo.PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The account this browser is signed in to (method set), or its guest, as the profile page shows them. */
export async function accountOf(
  db: Database,
  viewerId: string,
  method: string | null,
  providers: SignInProvider[],
): Promise<Account> {
  if (method === null || viewerId === '') {
    return { signedIn: false, name: VIEWER_NAME, email: '', method: null, passkeys: [], providers };
  }
  const [viewer, keys] = await Promise.all([repo.findViewer(db, viewerId), repo.passkeysOf(db, viewerId)]);
  return {
    signedIn: true,
    name: viewer?.username ?? VIEWER_NAME,
    email: viewer?.email ?? '',
    method,
    passkeys: keys.map(toPasskeySummary),
    providers,
  };
}

export async function devicesOf(db: Database, viewerId: string, currentToken?: string): Promise<Device[]> {
  const sessions = await sessionsOf(db, viewerId, currentToken);
  return sessions.map((session) => ({
    id: session.id,
    browser: browserOf(session.userAgent),
    method: session.method,
    signedInAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.current,
  }));
}

export async function removePasskey(db: Database, viewerId: string, id: number) {
  if (!(await repo.deletePasskey(db, viewerId, id))) throw notFound('No such passkey');
}

/** Everything kept of this viewer, for "Download my data". */
export async function dataOf(db: Database, viewerId: string, start: ViewerStart): Promise<AccountData> {
  const [viewer, createdAt, keys, identities, devices, wallet, library] = await Promise.all([
    repo.findViewer(db, viewerId),
    repo.createdAtOf(db, viewerId),
    repo.passkeysOf(db, viewerId),
    repo.identitiesOf(db, viewerId),
    devicesOf(db, viewerId),
    walletDataOf(db, viewerId, start),
    libraryDataOf(db, viewerId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: viewerId,
      name: viewer?.username ?? VIEWER_NAME,
      email: viewer?.email ?? '',
      createdAt: createdAt?.toISOString() ?? null,
      balance: { coins: wallet.balance.coins, bonuses: wallet.balance.bonuses },
      passkeys: keys.map(({ name, createdAt: added, lastUsedAt }) => ({
        name,
        createdAt: added.toISOString(),
        lastUsedAt: lastUsedAt?.toISOString() ?? null,
      })),
      signInMethods: identities.map((identity) => ({
        provider: identity.provider,
        email: identity.email,
        createdAt: identity.createdAt.toISOString(),
      })),
      devices: devices.map(({ id: _id, current: _current, ...rest }) => rest),
    },
    ledger: wallet.ledger,
    unlocks: wallet.unlocks,
    likes: library.likes,
    saves: library.saves,
    progress: library.progress,
    checkIns: wallet.checkIns,
  };
}

/**
 * Deletes an account at once, in one transaction: its sign-in methods, sessions (ended everywhere), VIP pass, unlocks,
 * likes, saves, progress and check-ins go, and its name and e-mail; its ledger rows stay, for the books, on a
 * closed row that names nobody, with the balance nobody can spend any more.
 */
export function deleteAccount(db: Database, viewerId: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [row] = await lockViewers(tx, [viewerId]);
    if (!row || row.closedAt) throw notFound('No such account');
    await repo.deleteSignInMethods(tx, viewerId);
    await endSessions(tx, viewerId);
    await forgetWallet(tx, viewerId);
    await forgetPasses(tx, viewerId);
    await forgetLibrary(tx, viewerId);
    await forgetAlerts(tx, viewerId);
    await forgetViewer(tx, viewerId);
  });
}

/** Passkey challenges and provider sign-ins nobody finished in time: gone by the hourly sweep. */
export async function sweepUnfinishedSignIns(db: Database, now: Date): Promise<number> {
  return (await repo.deleteExpiredChallenges(db, now)) + (await repo.deleteExpiredFlows(db, now));
}
