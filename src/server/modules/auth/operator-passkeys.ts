import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyOptions, PasskeySummary, SignedInOperator } from '#contract/index.ts';
import {
  passkeyOfSignIn,
  registerPasskey,
  registrationOptions,
  signInOptions,
  type PasskeyStore,
  type RelyingParty,
} from '../../auth-kit/passkeys.ts';
import type { Database } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import * as operatorsRepo from './operators.repository.ts';
import * as repo from './operator-passkeys.repository.ts';

/** Operators' passkeys: in tables of their own, so a viewer's passkey never signs in an operator, nor the reverse. */
function operatorPasskeys(db: Database): PasskeyStore<number> {
  return {
    passkeysOf: (operatorId) => repo.passkeysOf(db, operatorId),
    findPasskey: async (credentialId) => {
      const row = await repo.findPasskey(db, credentialId);
      return row && { ...row, owner: row.operatorId };
    },
    insertPasskey: ({ owner, ...row }) => repo.insertPasskey(db, { ...row, operatorId: owner }),
    notePasskeyUse: (id, checkedCount, newCount) => repo.notePasskeyUse(db, id, checkedCount, newCount),
    insertChallenge: ({ owner, ...row }) => repo.insertChallenge(db, { ...row, operatorId: owner }),
    takeChallenge: async (challenge, purpose) => {
      const taken = await repo.takeChallenge(db, challenge, purpose);
      return taken && { owner: taken.operatorId };
    },
    unknownPasskey: 'This passkey does not sign in to the dashboard.',
  };
}

const toSummary = (row: repo.OperatorPasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function passkeysOfOperator(db: Database, operatorId: number): Promise<PasskeySummary[]> {
  return (await repo.passkeysOf(db, operatorId)).map(toSummary);
}

/**
 * Options for saving a passkey for this operator. The authenticator files it under `operator:<id>`, which no
 * viewer id can be, so saving one never replaces a viewer's passkey on the same device.
 */
export function operatorPasskeyOptions(
  db: Database,
  rp: RelyingParty,
  operator: SignedInOperator,
): Promise<PasskeyOptions> {
  return registrationOptions(operatorPasskeys(db), rp, operator.id, {
    id: `operator:${operator.id}`,
    name: `${operator.name} (${rp.name} dashboard)`,
  });
}

/** Checks a new passkey's answer and keeps it for the operator whose challenge it answered; their passkeys after. */
export async function addOperatorPasskey(
  db: Database,
  rp: RelyingParty,
  operatorId: number,
  answer: RegistrationResponseJSON,
  name: string,
): Promise<PasskeySummary[]> {
  await registerPasskey(operatorPasskeys(db), rp, operatorId, answer, name);
  return passkeysOfOperator(db, operatorId);
}

export async function removeOperatorPasskey(db: Database, operatorId: number, id: number): Promise<PasskeySummary> {
  const row = await repo.deletePasskey(db, operatorId, id);
  if (!row) throw notFound('No such passkey');
  return toSummary(row);
}

export function operatorSignInOptions(db: Database, rp: RelyingParty): Promise<PasskeyOptions> {
  return signInOptions(operatorPasskeys(db), rp);
}

/** What the activity log names of a passkey. */
export type PasskeyLabel = { id: number; name: string };

export type PasskeySignIn =
  | { signedIn: true; operator: SignedInOperator; passkey: PasskeyLabel }
  /** Refused: the operator whose passkey it was, when the answer named one we keep. */
  | { signedIn: false; refusal: DomainError; operatorName: string | null; passkey: PasskeyLabel | null };

/**
 * The operator a passkey's answer signs in, once its challenge, signature, origin and counter are right and the
 * operator is not disabled. A refusal (401) is returned with whom it concerned, for the activity log; a request
 * that expired or was already used (400) is thrown.
 */
export async function signInWithOperatorPasskey(
  db: Database,
  rp: RelyingParty,
  answer: AuthenticationResponseJSON,
): Promise<PasskeySignIn> {
  let named: { passkey: PasskeyLabel; operatorId: number } | undefined;
  const refusedAs = async (refusal: DomainError): Promise<PasskeySignIn> => ({
    signedIn: false,
    refusal,
    operatorName: named ? ((await operatorsRepo.findOperator(db, named.operatorId))?.name ?? null) : null,
    passkey: named?.passkey ?? null,
  });
  try {
    const key = await passkeyOfSignIn(operatorPasskeys(db), rp, answer, async (found) => {
      named = { passkey: { id: found.id, name: found.name }, operatorId: found.owner };
      return true;
    });
    const operator = key && (await operatorsRepo.findOperator(db, key.owner));
    if (!key || !operator) throw new DomainError('unauthenticated', 'This passkey does not sign in to the dashboard.');
    if (operator.disabledAt) {
      throw new DomainError('unauthenticated', 'This passkey’s operator is disabled. Ask the owner to enable you.');
    }
    return {
      signedIn: true,
      operator: { id: operator.id, name: operator.name, role: operator.role },
      passkey: { id: key.id, name: key.name },
    };
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'unauthenticated') return refusedAs(error);
    throw error;
  }
}

export function sweepOperatorPasskeyChallenges(db: Database, now: Date): Promise<void> {
  return repo.deleteExpiredChallenges(db, now);
}
