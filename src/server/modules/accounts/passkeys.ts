import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyOptions } from '../../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { DomainError, invalid } from '../../errors.ts';
import * as repo from './accounts.repository.ts';

/** Where passkeys belong: the site's host name (the relying party) and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** A challenge is answered within a few minutes, once. */
const CHALLENGE_MS = 5 * 60_000;

const refused = (message: string) => new DomainError('unauthenticated', message);
const expired = () => invalid('This passkey request has expired or was already used. Please try again.');

/** The challenge an answer signed, read from its client data (checked again by the WebAuthn library). */
function challengeOf(answer: { response: { clientDataJSON: string } }): string {
  try {
    const data = JSON.parse(Buffer.from(answer.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string' && data.challenge.length <= 200) return data.challenge;
  } catch {
    // Not JSON: answered below like any answer to no challenge of ours.
  }
  throw expired();
}

export async function registrationOptions(db: Database, rp: RelyingParty, viewer: { id: string; name: string }) {
  const existing = await repo.passkeysOf(db, viewer.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: viewer.name,
    userID: new TextEncoder().encode(viewer.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId.toString('base64url') })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await repo.insertChallenge(db, {
    challenge: options.challenge,
    purpose: 'register',
    viewerId: viewer.id,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return options as unknown as PasskeyOptions;
}

/** Checks a new passkey's answer and keeps it for the viewer whose challenge it answered. */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  viewerId: string,
  answer: RegistrationResponseJSON,
  name: string,
): Promise<void> {
  const challenge = challengeOf(answer);
  const taken = await repo.takeChallenge(db, challenge, 'register');
  if (!taken || taken.viewerId !== viewerId) throw expired();
  const verified = await verifyRegistrationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw refused(`This passkey could not be checked: ${error instanceof Error ? error.message : 'unknown answer'}`);
  });
  if (!verified.verified) throw refused('This passkey could not be checked.');
  const { credential } = verified.registrationInfo;
  const added = await repo.insertPasskey(db, {
    viewerId,
    credentialId: Buffer.from(credential.id, 'base64url'),
    publicKey: Buffer.from(credential.publicKey),
    signCount: credential.counter,
    transports: credential.transports ?? [],
    name: name.slice(0, 60) || 'Passkey',
  });
  if (!added) throw new DomainError('conflict', 'This passkey is already saved to an account.');
}

export async function signInOptions(db: Database, rp: RelyingParty): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
  await repo.insertChallenge(db, {
    challenge: options.challenge,
    purpose: 'sign-in',
    viewerId: null,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return options as unknown as PasskeyOptions;
}

/**
 * The account a passkey's answer signs in to (null when that account had too many attempts this minute), once its signature, challenge, origin and counter are right. */
export async function accountOfPasskey(
  db: Database,
  rp: RelyingParty,
  answer: AuthenticationResponseJSON,
  admitAttemptOn: (accountId: string) => Promise<boolean>,
): Promise<string | null> {
  const challenge = challengeOf(answer);
  if (!(await repo.takeChallenge(db, challenge, 'sign-in'))) throw expired();
  const key = await repo.findPasskey(db, Buffer.from(answer.rawId, 'base64url'));
  if (!key) throw refused('This passkey is not saved to any account here.');
  if (!(await admitAttemptOn(key.viewerId))) return null;
  const verified = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId.toString('base64url'),
      publicKey: new Uint8Array(key.publicKey),
      counter: key.signCount,
      transports: key.transports as never,
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw refused(`This passkey could not sign you in: ${error instanceof Error ? error.message : 'unknown answer'}`);
  });
  if (!verified.verified) throw refused('This passkey could not sign you in.');
  // The library refuses a counter that went backwards; this refuses two uses racing on the same count.
  if (!(await repo.notePasskeyUse(db, key.id, key.signCount, verified.authenticationInfo.newCounter))) {
    throw refused('This passkey could not sign you in: it was used at the same time elsewhere.');
  }
  return key.viewerId;
}
