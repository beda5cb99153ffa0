import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyOptions } from '#contract/index.ts';
import { DomainError, invalid } from '../errors.ts';

/**
 * The WebAuthn ceremonies (saving a passkey, signing in with one), the same for viewers and operators. Each keeps
 * its passkeys and challenges in tables of its own, through a `PasskeyStore`, so a passkey of one kind never
 * answers a challenge of the other.
 */

/** Where passkeys belong: the site's host name (the relying party) and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** PUBLIC_URL when it is set, else the host the request came to; passkeys belong to that origin's host. */
export function relyingPartyOf(
  publicOrigin: string | undefined,
  request: { protocol: string; host: string },
  name: string,
): RelyingParty {
  const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
  return { id: new URL(origin).hostname, origin, name };
}

/** A passkey as it is kept: its credential id and public key as the bytes they are. */
export interface StoredPasskey<Owner> {
  id: number;
  owner: Owner;
  name: string;
  credentialId: Buffer;
  publicKey: Buffer;
  signCount: number;
  transports: string[];
}

export interface NewPasskey<Owner> {
  owner: Owner;
  credentialId: Buffer;
  publicKey: Buffer;
  signCount: number;
  transports: string[];
  name: string;
}

export type ChallengePurpose = 'register' | 'sign-in';

/** Where one kind of passkey and its challenges are kept. */
export interface PasskeyStore<Owner> {
  passkeysOf(owner: Owner): Promise<Pick<StoredPasskey<Owner>, 'credentialId'>[]>;
  findPasskey(credentialId: Buffer): Promise<StoredPasskey<Owner> | undefined>;
  /** False when this credential is already kept. */
  insertPasskey(row: NewPasskey<Owner>): Promise<boolean>;
  /** Whether the count was still `checkedCount` (and so is now `newCount`). */
  notePasskeyUse(id: number, checkedCount: number, newCount: number): Promise<boolean>;
  insertChallenge(row: {
    challenge: string;
    purpose: ChallengePurpose;
    owner: Owner | null;
    expiresAt: Date;
  }): Promise<void>;
  /** Deletes the challenge as it reads it; undefined when there is none of this purpose, or it expired. */
  takeChallenge(challenge: string, purpose: ChallengePurpose): Promise<{ owner: Owner | null } | undefined>;
  /** What a sign-in with a passkey this store does not keep is told. */
  unknownPasskey: string;
}

/** A challenge is answered within a few minutes, once. */
const CHALLENGE_MS = 5 * 60_000;

const refused = (message: string) => new DomainError('unauthenticated', message);
const expired = () => invalid('This passkey request has expired or was already used. Please try again.');
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : 'unknown answer');

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

/**
 * Options for saving a new passkey for `owner`. `user.id` is what the authenticator files the passkey under: one
 * passkey per site and user id, so viewers and operators must not share ids.
 */
export async function registrationOptions<Owner>(
  store: PasskeyStore<Owner>,
  rp: RelyingParty,
  owner: Owner,
  user: { id: string; name: string },
): Promise<PasskeyOptions> {
  const existing = await store.passkeysOf(owner);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId.toString('base64url') })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await store.insertChallenge({
    challenge: options.challenge,
    purpose: 'register',
    owner,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return options as unknown as PasskeyOptions;
}

/** Checks a new passkey's answer and keeps it for `owner`, whose challenge it must have answered. */
export async function registerPasskey<Owner>(
  store: PasskeyStore<Owner>,
  rp: RelyingParty,
  owner: Owner,
  answer: RegistrationResponseJSON,
  name: string,
): Promise<void> {
  const challenge = challengeOf(answer);
  const taken = await store.takeChallenge(challenge, 'register');
  if (!taken || taken.owner !== owner) throw expired();
  const verified = await verifyRegistrationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw refused(`This passkey could not be checked: ${reasonOf(error)}`);
  });
  if (!verified.verified) throw refused('This passkey could not be checked.');
  const { credential } = verified.registrationInfo;
  const added = await store.insertPasskey({
    owner,
    credentialId: Buffer.from(credential.id, 'base64url'),
    publicKey: Buffer.from(credential.publicKey),
    signCount: credential.counter,
    transports: credential.transports ?? [],
    name: name.slice(0, 60) || 'Passkey',
  });
  if (!added) throw new DomainError('conflict', 'This passkey is already saved to an account.');
}

export async function signInOptions<Owner>(store: PasskeyStore<Owner>, rp: RelyingParty): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
  await store.insertChallenge({
    challenge: options.challenge,
    purpose: 'sign-in',
    owner: null,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return options as unknown as PasskeyOptions;
}

/**
 * Checks the key a sign-in answer names, before its signature is: the caller may refuse it (too many attempts on
 * that account: return false; a rule says no: throw).
 */
export type AdmitPasskey<Owner> = (key: StoredPasskey<Owner>) => Promise<boolean>;

/**
 * The passkey a sign-in answer proves (null when `admit` turned it away), once its challenge, signature, origin and
 * counter are right.
 */
export async function passkeyOfSignIn<Owner>(
  store: PasskeyStore<Owner>,
  rp: RelyingParty,
  answer: AuthenticationResponseJSON,
  admit: AdmitPasskey<Owner>,
): Promise<StoredPasskey<Owner> | null> {
  const challenge = challengeOf(answer);
  if (!(await store.takeChallenge(challenge, 'sign-in'))) throw expired();
  const key = await store.findPasskey(Buffer.from(answer.rawId, 'base64url'));
  if (!key) throw refused(store.unknownPasskey);
  if (!(await admit(key))) return null;
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
    throw refused(`This passkey could not sign you in: ${reasonOf(error)}`);
  });
  if (!verified.verified) throw refused('This passkey could not sign you in.');
  // The library refuses a counter that went backwards; this refuses two uses racing on the same count.
  if (!(await store.notePasskeyUse(key.id, key.signCount, verified.authenticationInfo.newCounter))) {
    throw refused('This passkey could not sign you in: it was used at the same time elsewhere.');
  }
  return key;
}
