import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { openApiPath } from '../../plugins/openapi.ts';
import { createSeriesWithEpisodes } from '../../testing/factory.ts';
import { createTestContext, TEST_ACCESS_CODES, type TestContext } from '../../testing/harness.ts';
import { newViewerId } from './viewer-cookie.ts';
import { routeTable } from '../../testing/route-table.ts';

/**
 * A request answered 4xx writes nothing: no viewer row, no ledger row, nothing at all but the rate-limit counters
 * and the operators' audit of refused sign-ins. Every route the app registered is asked, with every method, with
 * bad or refused bodies and parameters, by a visitor with no viewer yet, by a viewer without a row and by one
 * with a row; the whole database is compared before and after each request that is refused.
 */

let t: TestContext;
let clientDir: string;
let paid: { id: number; episodeIds: number[] };

/** Ids that name nothing. */
const MISSING = 999_999;
/** Less than an episode costs: a new viewer's unlock is refused, and a row made for them would have a ledger entry. */
const NEW_VIEWER_COINS = 5;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-refused-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  t = await createTestContext({
    CLIENT_DIR: clientDir,
    SSR_ENTRY: path.join(clientDir, 'none.js'),
    NEW_VIEWER_COINS: String(NEW_VIEWER_COINS),
  });
  const row = await createSeriesWithEpisodes(t.db, {
    title: 'Refused requests',
    description: 'A series for the refused requests test.',
    thumbnailUrl: '/media/poster.jpg',
    totalEpisodes: 15,
    episodeCost: 50,
    isFree: false,
    episode: (n, seriesId) => ({ videoUrl: `/media/refused/${seriesId}/${n}/master.m3u8` }),
  });
  paid = { id: row.id, episodeIds: row.episodes.map((e) => e.id) };
  await countTouches();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const LEFT_OUT = (table: string) => table === 'rate_limit_windows';
const OPERATOR_AUDIT_KEPT = sql`action <> 'operator.sign_in_failed'`;

async function publicTables(): Promise<string[]> {
  const tables = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return tables.rows.map((row) => row.name).filter((name) => !LEFT_OUT(name));
}

/**
 * Every row a statement touches counts, in a sequence (outside any transaction, so nobody waits on it): when it has
 * not moved, nothing was written and the whole database need not be read again. When it has, the database is
 * compared as it is now, committed.
 */
async function countTouches() {
  await t.db.execute(sql`create sequence test_touches`);
  await t.db.execute(
    sql.raw(`create function test_touched() returns trigger language plpgsql as $$
      begin perform nextval('test_touches'); return null; end $$`),
  );
  for (const table of await publicTables()) {
    await t.db.execute(sql`create trigger test_touched after insert or update or delete on ${sql.identifier(table)}
      for each row execute function test_touched()`);
  }
}

const touches = async () =>
  (await t.db.execute<{ n: string }>(sql`select last_value::text as n from test_touches`)).rows[0]!.n;

/** Every table's rows, as a count and a digest of their text; rate-limit counters and refused sign-ins left out. */
async function databaseState(): Promise<Record<string, string>> {
  const parts = (await publicTables()).map((name) => {
    const rows =
      name === 'operator_audit'
        ? sql`(select * from operator_audit where ${OPERATOR_AUDIT_KEPT})`
        : sql.identifier(name);
    return sql`select ${name} as name, count(*)::int as n,
        md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${rows} r`;
  });
  const { rows } = await t.db.execute<{ name: string; n: number; digest: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n} rows, ${row.digest}`]));
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
};

/** A fixed time, so that the answers kept in the file are the same on every run. */
const OCCURRED_AT = '2026-11-28T10:00:00.000Z';

/** Ids of things that exist (a paid series, its locked episode) or of nothing, for a body or a path. */
type Ids = 'missing' | 'real';

function idFor(name: string, ids: Ids): number {
  if (ids === 'missing') return MISSING;
  if (/episodeNumber/i.test(name)) return 11;
  if (/episode/i.test(name)) return paid.episodeIds[10]!;
  return paid.id;
}

/** A value of the schema's shape that names nothing real (or the paid series' locked episode): a bad request. */
function valueOf(schema: JsonSchema | undefined, name: string, ids: Ids): unknown {
  if (!schema) return 'nope';
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return valueOf(choice.find((option) => option.type !== 'null') ?? choice[0], name, ids);
  if (schema.enum) return schema.enum[0];
  if (name === 'userId') return 'user-1';
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, valueOf(property, key, ids)]),
      );
    case 'array':
      return [valueOf(schema.items, name, ids)];
    case 'integer':
    case 'number':
      return /id$|number$/i.test(name) ? idFor(name, ids) : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      return /At$/.test(name) ? OCCURRED_AT : `nope-${name}`;
  }
}

type BodySchemas = Map<string, JsonSchema>;

/** The JSON body each API operation takes, from the OpenAPI document: "METHOD /path/{param}" → schema. */
async function bodySchemas(): Promise<BodySchemas> {
  const document = (await t.viewer({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  return new Map(
    Object.entries(document.paths).flatMap(([pattern, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const schema = operation.requestBody?.content['application/json']?.schema;
        return schema ? [[`${method.toUpperCase()} ${pattern}`, schema] as const] : [];
      }),
    ),
  );
}

function urlOf(pattern: string, ids: Ids | 'malformed'): string {
  return pattern
    .replace(/:userId\b/g, 'user-1')
    .replace(/:(\w+)/g, (_, name: string) => (ids === 'malformed' ? 'x' : String(idFor(name, ids))))
    .replace(/\*$/, 'nope/index.m3u8');
}

interface Asked {
  label: string;
  options: InjectOptions;
}

/**
 * Bad requests for a route: its parameters naming nothing, a locked episode of a real series, or malformed; a write
 * also with `{}`, broken JSON, and bodies of the right shape naming nothing or that locked episode.
 */
function badRequestsFor(method: string, pattern: string, schemas: BodySchemas): Asked[] {
  const schema = schemas.get(`${method} ${openApiPath(pattern)}`);
  const asked: Asked[] = [
    {
      label: `${method} ${urlOf(pattern, 'malformed')}`,
      options: { method: method as 'GET', url: urlOf(pattern, 'malformed') },
    },
  ];
  for (const ids of ['missing', 'real'] as const) {
    const url = urlOf(pattern, ids);
    asked.push({ label: `${method} ${url}`, options: { method: method as 'GET', url } });
    if (method === 'GET' || method === 'HEAD') continue;
    const json = (payload: string, kind: string) => ({
      label: `${method} ${url} ${kind}`,
      options: { method, url, payload, headers: { 'content-type': 'application/json' } } as InjectOptions,
    });
    asked.push(json('{}', '{}'), json('{"userId": "user-1",', '(broken JSON)'));
    if (schema) {
      const body = JSON.stringify(valueOf(schema, '', ids));
      asked.push(json(body, body));
    }
  }
  return asked;
}

/** What the issue saw: each of these wrote the new viewer's row. */
function refusalsSeen(): Asked[] {
  const json = (url: string, payload: unknown) => ({
    label: `POST ${url} ${JSON.stringify(payload)}`,
    options: {
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    } as InjectOptions,
  });
  return [
    json('/api/user/user-1/purchase-tokens', { packageId: 'no-such-package' }),
    {
      label: `POST /api/user/user-1/like/${MISSING}`,
      options: { method: 'POST', url: `/api/user/user-1/like/${MISSING}` },
    },
    json('/api/user/user-1/unlock-episode', { seriesId: paid.id, episodeNumber: 11 }),
  ];
}

type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;
/** Who asks: a browser just past the access gate (a request that answered 2xx may have ended its pass). */
type Asker = () => Promise<Send>;

async function pastTheGate(viewerId?: string): Promise<Send> {
  const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
  const pass = access.cookies[0]!;
  const cookie = [`${pass.name}=${pass.value}`, viewerId ? t.viewerCookie(viewerId) : ''].filter(Boolean).join('; ');
  return (options) => t.app.inject({ ...options, headers: { ...options.headers, cookie } });
}

const messageOf = (reply: LightMyRequestResponse) => {
  try {
    return String((reply.json() as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
};

/** Asks each request: what was refused, with its answer, and which refusals wrote something. */
async function walk(asker: Asker, requests: Asked[]) {
  const answers: string[] = [];
  const failures: string[] = [];
  let send = await asker();
  let touched = await touches();
  let before = await databaseState();
  for (const { label, options } of requests) {
    const reply = await send(options);
    expect(reply.statusCode, `${label}: ${reply.body.slice(0, 300)}`).toBeLessThan(500);
    if (reply.statusCode < 400) {
      send = await asker();
      touched = await touches();
      before = await databaseState();
      continue;
    }
    answers.push(`${label} → ${reply.statusCode} ${messageOf(reply)}`);
    const now = await touches();
    if (now === touched) continue;
    const after = await databaseState();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length > 0) failures.push(`${label} → ${reply.statusCode} wrote to ${changed.join(', ')}`);
    [touched, before] = [now, after];
  }
  return { answers, failures };
}

describe('a refused request writes nothing', () => {
  it('the refusals the issue saw: an unknown package, a missing series, an unlock without coins', async () => {
    const { answers, failures } = await walk(() => pastTheGate(newViewerId()), refusalsSeen());
    expect(failures).toEqual([]);
    expect(answers).toEqual([
      'POST /api/user/user-1/purchase-tokens {"packageId":"no-such-package"} → 400 Unknown coin package "no-such-package". Choose one of the offered packages.',
      `POST /api/user/user-1/like/${MISSING} → 404 Series not found.`,
      `POST /api/user/user-1/unlock-episode {"seriesId":${paid.id},"episodeNumber":11} → 402 Not enough coins: you need 45 more coins`,
    ]);
  });

  it('every route, every method, bad bodies and parameters: by a new visitor, a viewer without a row, a viewer with one', async () => {
    const schemas = await bodySchemas();
    const asked = routeTable(t.app).flatMap(({ method, path: pattern }) => badRequestsFor(method, pattern, schemas));
    const requests = [...new Map(asked.map((request) => [request.label, request])).values()];
    const answers: string[] = [];
    const failures: string[] = [];
    for (const [who, send] of [
      ['a new visitor', () => pastTheGate()],
      ['a viewer without a row', () => pastTheGate(newViewerId())],
      ['a viewer with a row', () => pastTheGate(t.viewerId)],
    ] as const) {
      const seen = await walk(send, requests);
      answers.push(`# ${who}`, ...seen.answers);
      failures.push(...seen.failures.map((failure) => `${who}: ${failure}`));
    }
    expect(failures).toEqual([]);
    // The refusals answer as they did before nothing was written for them.
    await expect(`${answers.join('\n')}\n`).toMatchFileSnapshot('__snapshots__/refused-requests.answers.txt');
  }, 600_000);
});
