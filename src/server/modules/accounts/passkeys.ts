import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyOptions } from '#contract/index.ts';
import {
  passkeyOfSignIn,
  registerPasskey as registerWith,
  registrationOptions as registrationOptionsWith,
  signInOptions as signInOptionsWith,
  type PasskeyStore,
  type RelyingParty,
} from '../../auth-kit/passkeys.ts';
import type { Database, Executor } from '../../db/client.ts';
import * as repo from './accounts.repository.ts';
import { viewersOfWrite, type ViewerStart } from '../viewers/viewers.service.ts';

/** Viewers' passkeys: in `passkeys` and `passkey_challenges`, owned by a viewer id. */
function viewerPasskeys(db: Database): PasskeyStore<string> {
  const stored = (row: repo.PasskeyRow) => ({ ...row, owner: row.viewerId });
  return {
    passkeysOf: (viewerId) => repo.passkeysOf(db, viewerId),
    findPasskey: async (credentialId) => {
      const row = await repo.findPasskey(db, credentialId);
      return row && stored(row);
    },
    insertPasskey: ({ owner, ...row }) => repo.insertPasskey(db, { ...row, viewerId: owner }),
    notePasskeyUse: (id, checkedCount, newCount) => repo.notePasskeyUse(db, id, checkedCount, newCount),
    insertChallenge: ({ owner, ...row }) => repo.insertChallenge(db, { ...row, viewerId: owner }),
    takeChallenge: async (challenge, purpose) => {
      const taken = await repo.takeChallenge(db, challenge, purpose);
      return taken && { owner: taken.viewerId };
    },
    unknownPasskey: 'This passkey is not saved to any account here.',
  };
}

export function registrationOptions(
  db: Database,
  rp: RelyingParty,
  viewer: { id: string; name: string },
): Promise<PasskeyOptions> {
  return registrationOptionsWith(viewerPasskeys(db), rp, viewer.id, viewer);
}

/**
 * Checks a new passkey's answer and keeps it for the viewer whose challenge it answered: a guest who has written
 * nothing yet gets their row with it, and not when it is refused. When it is the viewer's first sign-in method (a
 * new account), `onNewAccount` runs in the same transaction.
 */
export function registerPasskey(
  db: Database,
  rp: RelyingParty,
  viewerId: string,
  answer: RegistrationResponseJSON,
  name: string,
  start: ViewerStart,
  onNewAccount: (tx: Executor, accountId: string) => Promise<unknown> = async () => {},
): Promise<void> {
  const store: PasskeyStore<string> = {
    ...viewerPasskeys(db),
    insertPasskey: ({ owner, ...row }) =>
      db.transaction(async (tx) => {
        const viewers = await viewersOfWrite(tx, [owner], start);
        const isNew = !(await repo.hasSignInMethod(tx, owner));
        const added = await repo.insertPasskey(tx, { ...row, viewerId: owner });
        await viewers.keepFor(added ? [owner] : []);
        if (added && isNew) await onNewAccount(tx, owner);
        return added;
      }),
  };
  return registerWith(store, rp, viewerId, answer, name);
}

export function signInOptions(db: Database, rp: RelyingParty): Promise<PasskeyOptions> {
  return signInOptionsWith(viewerPasskeys(db), rp);
}

/** The account a passkey's answer signs in to (null when that account had too many attempts this minute). */
export async function accountOfPasskey(
  db: Database,
  rp: RelyingParty,
  answer: AuthenticationResponseJSON,
  admitAttemptOn: (accountId: string) => Promise<boolean>,
): Promise<string | null> {
  const key = await passkeyOfSignIn(viewerPasskeys(db), rp, answer, (found) => admitAttemptOn(found.owner));
  return key?.owner ?? null;
}
