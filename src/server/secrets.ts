import { randomBytes, scrypt as scryptCallback, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { appSecrets } from './db/schema.ts';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, 32);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(secret, Buffer.from(saltB64, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Session ids are stored hashed; a fast hash is right here because the id itself has 256 random bits. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface Secrets {
  /** scrypt hash of the admin password */
  adminPasswordHash: string;
  /** scrypt hashes of the accepted access codes (trimmed, upper case) */
  accessCodeHashes: string[];
  /** The codes themselves when this start knows them (set in the environment, or generated just now). */
  knownAccessCodes?: string[];
}

/**
 * Secrets from the environment win; otherwise the ones generated at an earlier start; otherwise new ones
 * are generated, stored hashed, and handed to `announce` once so the operator can read them in the log.
 */
export async function resolveSecrets(
  db: Database,
  env: { adminPassword?: string; accessCodes?: string[]; accessGate?: 'on' | 'off' },
  announce: (message: string) => void,
): Promise<Secrets> {
  const adminPasswordHash = env.adminPassword
    ? await hashSecret(env.adminPassword)
    : await storedOrGenerated(
        db,
        'admin_password',
        1,
        () => randomBytes(12).toString('base64url'),
        (values) =>
          announce(`Generated admin password (shown once; set ADMIN_PASSWORD to choose your own): ${values[0]}`),
      ).then((hashes) => hashes[0]!);
  // Without the gate no code is generated, asked for or put in force (codes stored earlier stay for a later start).
  if (env.accessGate === 'off') return { adminPasswordHash, accessCodeHashes: [] };
  let knownAccessCodes = env.accessCodes?.length ? env.accessCodes : undefined;
  const accessCodeHashes = knownAccessCodes
    ? await Promise.all(knownAccessCodes.map(hashSecret))
    : await storedOrGenerated(
        db,
        'access_codes',
        2,
        () => randomBytes(5).toString('hex').toUpperCase(),
        (values) => {
          knownAccessCodes = values;
          announce(`Generated access codes (shown once; set ACCESS_CODES to choose your own): ${values.join(', ')}`);
        },
      );
  return { adminPasswordHash, accessCodeHashes, knownAccessCodes };
}

async function storedOrGenerated(
  db: Database,
  name: string,
  count: number,
  generate: () => string,
  announce: (values: string[]) => void,
): Promise<string[]> {
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (stored) return stored.hashes;
  const values = Array.from({ length: count }, generate);
  const hashes = await Promise.all(values.map(hashSecret));
  const inserted = await db.insert(appSecrets).values({ name, hashes }).onConflictDoNothing().returning();
  if (inserted.length === 0) {
    // Another instance generated them first.
    const [winner] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
    return winner!.hashes;
  }
  announce(values);
  return hashes;
}

export async function matchesAny(secret: string, hashes: string[]): Promise<boolean> {
  const results = await Promise.all(hashes.map((h) => verifySecret(secret, h)));
  return results.some(Boolean);
}
