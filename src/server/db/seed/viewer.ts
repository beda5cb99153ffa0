import { VIEWER_USER_ID } from '../../../contract/index.ts';
import type { Database } from '../client.ts';
import { users } from '../schema.ts';

/** SPEC fixes one viewer, user-1; it exists in every database, seeded or empty. */
export async function ensureViewer(db: Database) {
  await db
    .insert(users)
    .values({ id: VIEWER_USER_ID, username: 'Viewer', email: 'viewer@cliffhanger.example', coins: 0, bonuses: 0 })
    .onConflictDoNothing();
}
