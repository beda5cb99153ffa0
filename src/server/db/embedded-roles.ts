import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';

/** The cluster's superuser: it runs initdb and the migrations. */
export const SUPERUSER = 'cliffhanger';
/** The role the server's requests use: reads and writes rows, owns nothing, creates nothing. */
export const APP_ROLE = 'cliffhanger_app';
/** Clusters made before passwords were generated per data directory have this one; it is replaced at start. */
const LEGACY_PASSWORD = 'cliffhanger-local';

export interface ClusterCredentials {
  superuser: string;
  app: string;
}

/** Stored beside the cluster (`<clusterDir>.credentials.json`, mode 0600), generated on first use. */
export function clusterCredentials(clusterDir: string): ClusterCredentials {
  const file = `${clusterDir}.credentials.json`;
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ClusterCredentials>;
    if (stored.superuser && stored.app) return { superuser: stored.superuser, app: stored.app };
  } catch {
    // none yet (or unreadable): make new ones; an existing cluster is moved over to them at start
  }
  const made = { superuser: secret(), app: secret() };
  fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return made;
}

const secret = () => randomBytes(24).toString('base64url');

export const urlOf = (user: string, password: string, port: number) =>
  `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

/**
 * Connected as the superuser (moving a cluster of the old fixed password over to the generated one), makes
 * sure the app role exists with its password and may use every table and sequence, now and later.
 */
export async function prepareRoles(port: number, credentials: ClusterCredentials): Promise<void> {
  const client = await connectSuperuser(port, credentials.superuser);
  try {
    const app = client.escapeLiteral(credentials.app);
    await client.query(`
      do $$ begin
        if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
          create role ${APP_ROLE} login nosuperuser nocreatedb nocreaterole noinherit;
        end if;
      end $$;
      alter role ${APP_ROLE} with login nosuperuser nocreatedb nocreaterole password ${app};
      grant connect on database postgres to ${APP_ROLE};
      grant usage on schema public to ${APP_ROLE};
      grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
      grant usage, select, update on all sequences in schema public to ${APP_ROLE};
      alter default privileges for role ${SUPERUSER} in schema public
        grant select, insert, update, delete on tables to ${APP_ROLE};
      alter default privileges for role ${SUPERUSER} in schema public
        grant usage, select, update on sequences to ${APP_ROLE};
    `);
  } finally {
    await client.end();
  }
}

async function connectSuperuser(port: number, password: string): Promise<pg.Client> {
  const attempt = async (pw: string) => {
    const client = new pg.Client({ connectionString: urlOf(SUPERUSER, pw, port) });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  try {
    return await attempt(password);
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
    const legacy = await attempt(LEGACY_PASSWORD);
    await legacy.query(`alter role ${SUPERUSER} with password ${legacy.escapeLiteral(password)}`);
    return legacy;
  }
}
