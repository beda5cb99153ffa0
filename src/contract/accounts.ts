import { z } from 'zod';
import { ledgerEntry, unlockedEpisode, user } from './wallet.ts';

/** How a browser signed in: a passkey, or one of the login dialog's providers. */
export const SIGN_IN_PROVIDERS = ['slush', 'google', 'apple'] as const;
export const signInProvider = z.enum(SIGN_IN_PROVIDERS);
export type SignInProvider = z.infer<typeof signInProvider>;

export const passkeySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

/** The account of this browser: signed in or a guest, and the ways it signs in. */
export const account = z.object({
  signedIn: z.boolean(),
  name: z.string(),
  /** The e-mail a provider gave when the account was made ('' for a guest or a passkey-only account). */
  email: z.string(),
  /** How this browser signed in (`passkey`, `google`, …); null for a guest. */
  method: z.string().nullable(),
  passkeys: z.array(passkeySummary),
  /** Providers whose real sign-in is configured here; the others are the preview sign-in. */
  providers: z.array(signInProvider),
});
export type Account = z.infer<typeof account>;

export const signInReply = account.extend({
  /** Whether this browser's guest had belongings that were brought into the account. */
  broughtAlong: z.boolean(),
});
export type SignInReply = z.infer<typeof signInReply>;

export const device = z.object({
  id: z.number().int(),
  /** The browser and system, as its user agent says them ("Chrome on Android"). */
  browser: z.string(),
  method: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type Device = z.infer<typeof device>;

/** A WebAuthn answer as @simplewebauthn/browser sends it; checked by the server's WebAuthn library. */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Expected base64url');
export const passkeyAnswer = z
  .object({
    id: base64url.min(1).max(1_400),
    rawId: base64url.min(1).max(1_400),
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: base64url }).loose(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  })
  .loose();
export const passkeyAnswerBody = z.object({ answer: passkeyAnswer });
export const passkeyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const deviceIdParams = passkeyIdParams;
/** Options for navigator.credentials, as the server's WebAuthn library makes them. */
export const passkeyOptions = z.object({ challenge: z.string() }).loose();
export type PasskeyOptions = z.infer<typeof passkeyOptions>;

export const providerParams = z.object({ provider: signInProvider });
/** Where in the app to come back to: a path of this site only. */
export const providerStartQuery = z.object({
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\\\s]*$/, 'Expected a path of this site')
    .default('/'),
});
/** A provider's answer to a sign-in: its state, and the code (or error) with whatever else it adds. */
export const providerAnswer = z.object({ state: z.string().min(1).max(512) }).catchall(z.string().max(4_096));

/** "Download my data": everything this app keeps of a person, in one JSON file. */
export const accountData = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: z.string().nullable(),
    balance: user.pick({ coins: true, bonuses: true }),
    passkeys: z.array(passkeySummary.omit({ id: true })),
    signInMethods: z.array(z.object({ provider: z.string(), email: z.string().nullable(), createdAt: z.string() })),
    devices: z.array(device.omit({ id: true, current: true })),
  }),
  ledger: z.array(ledgerEntry),
  unlocks: z.array(unlockedEpisode),
  likes: z.array(z.number().int()),
  saves: z.array(z.number().int()),
  progress: z.array(
    z.object({
      seriesId: z.number().int(),
      episodeId: z.number().int(),
      episodeNumber: z.number().int(),
      percent: z.number(),
      positionSeconds: z.number(),
      updatedAt: z.string(),
    }),
  ),
  checkIns: z.array(z.string()),
});
export type AccountData = z.infer<typeof accountData>;
