import { createHash, sign } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SignInProvider } from '#contract/index.ts';
import type { SignInProviderSettings } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { DomainError, invalid, unavailable } from '../../errors.ts';
import * as repo from './accounts.repository.ts';

/** A provider's sign-in is finished within a few minutes of starting it, once. */
const FLOW_MS = 10 * 60_000;
/** Apple's client secret is a token we sign; each one lives only as long as a sign-in needs it. */
const APPLE_SECRET_SECONDS = 5 * 60;

export const PROVIDER_NAMES: Record<SignInProvider, string> = { slush: 'Slush', google: 'Google', apple: 'Apple' };

/** Who the provider says signed in: its issuer and subject name the identity, the rest only names the account. */
export interface ProviderIdentity {
  provider: SignInProvider;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** What an unfinished, replayed, foreign or expired sign-in answer gets: nothing to continue. */
export const expiredSignIn = () =>
  invalid('This sign-in has expired, was already used, or was started in another browser. Please sign in again.');

/** Apple's client secret: a short-lived ES256 token from the team's key (Apple has no fixed secret). */
export function appleClientSecret(clientId: string, key: NonNullable<SignInProviderSettings['appleKey']>): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const content = `${encode({ alg: 'ES256', kid: key.keyId })}.${encode({
    iss: key.teamId,
    iat: now,
    exp: now + APPLE_SECRET_SECONDS,
    aud: 'https://appleid.apple.com',
    sub: clientId,
  })}`;
  const signature = sign('sha256', Buffer.from(content), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${content}.${signature.toString('base64url')}`;
}

/** Plain http is allowed only for an issuer on this machine (a test's provider). */
const isLocal = (issuer: string) => new URL(issuer).protocol === 'http:';

/**
 * Each provider's discovered settings, fetched on first use and kept; a failed fetch is tried again next time.
 * Apple's configuration is made afresh for each use, with a new client secret.
 */
export function openIdClients(providers: Partial<Record<SignInProvider, SignInProviderSettings>>) {
  const discovered = new Map<SignInProvider, Promise<oidc.Configuration>>();

  const discover = (provider: SignInProvider, settings: SignInProviderSettings) => {
    let pending = discovered.get(provider);
    if (!pending) {
      pending = oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(settings.clientSecret),
        { execute: isLocal(settings.issuer) ? [oidc.allowInsecureRequests] : [], timeout: 10 },
      );
      discovered.set(provider, pending);
      pending.catch(() => discovered.delete(provider));
    }
    return pending.catch((error: unknown) => {
      throw unavailable(
        `${PROVIDER_NAMES[provider]} cannot be reached right now (${reasonOf(error)}). Please try again.`,
      );
    });
  };

  const configurationOf = async (provider: SignInProvider): Promise<oidc.Configuration> => {
    const settings = providers[provider];
    if (!settings)
      throw new DomainError('not_found', `Signing in with ${PROVIDER_NAMES[provider]} is not set up here.`);
    const base = await discover(provider, settings);
    if (!settings.appleKey) return base;
    const secret = appleClientSecret(settings.clientId, settings.appleKey);
    const configuration = new oidc.Configuration(
      base.serverMetadata(),
      settings.clientId,
      secret,
      oidc.ClientSecretPost(secret),
    );
    if (isLocal(settings.issuer)) oidc.allowInsecureRequests(configuration);
    return configuration;
  };

  return {
    configured: () => (Object.keys(providers) as SignInProvider[]).sort(),

    /**
     * Starts a sign-in (authorization code with PKCE, state and nonce): what the callback will check is kept here,
     * and the browser is sent to the provider with the state it must bring back (also kept in its cookie).
     */
    async start(db: Database, provider: SignInProvider, redirectUri: string, returnTo: string) {
      const configuration = await configurationOf(provider);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await repo.insertFlow(db, {
        stateHash: hashState(state),
        provider,
        codeVerifier,
        nonce,
        redirectUri,
        returnTo,
        expiresAt: new Date(Date.now() + FLOW_MS),
      });
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: provider === 'apple' ? 'openid email' : 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(providers[provider]?.formPost ? { response_mode: 'form_post' } : {}),
      });
      return { url: url.href, state };
    },

    /**
     * Finishes a sign-in from the provider's answer: the flow its state names is taken (once), then the code is
     * exchanged with its PKCE verifier and the ID token checked (issuer, audience, signature, nonce). Returns the
     * identity and where in the app to go back to.
     */
    async finish(
      db: Database,
      provider: SignInProvider,
      answer: Record<string, string>,
    ): Promise<{ identity: ProviderIdentity; returnTo: string }> {
      const configuration = await configurationOf(provider);
      const state = answer.state ?? '';
      const flow = await repo.takeFlow(db, hashState(state), provider);
      if (!flow) throw expiredSignIn();
      const callbackUrl = new URL(flow.redirectUri);
      for (const [name, value] of Object.entries(answer)) callbackUrl.searchParams.set(name, value);
      const refused = (error: unknown): never => {
        if (unreachable(error)) {
          throw unavailable(`${PROVIDER_NAMES[provider]} cannot be reached right now. Please try again.`);
        }
        throw new DomainError(
          'unauthenticated',
          `${PROVIDER_NAMES[provider]} did not sign you in (${reasonOf(error)}). Please try again.`,
        );
      };
      const tokens = await oidc
        .authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        })
        .catch(refused);
      const claims = tokens.claims();
      if (!claims) throw new DomainError('unauthenticated', `${PROVIDER_NAMES[provider]} did not say who you are.`);
      let email = text(claims.email, 320);
      let name = text(claims.name, 60);
      // Many providers name the person only at their userinfo endpoint, for the subject the ID token names.
      if ((email === null || name === null) && configuration.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch(refused);
        email ??= text(info.email, 320);
        name ??= text(info.name, 60);
      }
      return {
        identity: { provider, issuer: claims.iss, subject: claims.sub, email, name },
        returnTo: flow.returnTo,
      };
    },
  };
}

export type OpenIdClients = ReturnType<typeof openIdClients>;

/** A claim's text, trimmed and cut to `max` characters; null when it is missing or blank. */
const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** The provider's own words for a refusal (`invalid_grant`, a failed check), short enough for a message. */
function reasonOf(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return error.error_description ? `${error.error}: ${error.error_description}`.slice(0, 200) : error.error;
  }
  // openid-client says what kind of check failed; the check's own error says which.
  if (error instanceof Error) return (error.cause instanceof Error ? error.cause : error).message.slice(0, 200);
  return 'unknown answer';
}

/** A failure to reach the provider at all (network, timeout), rather than an answer that refuses. */
function unreachable(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) return false;
  if (error instanceof TypeError) return true;
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT';
}
