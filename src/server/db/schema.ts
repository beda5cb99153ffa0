import { sql } from 'drizzle-orm';
import { SUBTITLE_KINDS } from '#contract/subtitles.ts';
import { PURCHASE_STATUSES } from '#contract/wallet.ts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    genre: text('genre').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    thumbnailUrl: text('thumbnail_url').notNull(),
    verticalThumbnailUrl: text('vertical_thumbnail_url'),
    totalEpisodes: integer('total_episodes').notNull().default(1),
    rating: integer('rating').notNull().default(85),
    likes: integer('likes').notNull().default(0),
    isNew: boolean('is_new').notNull().default(true),
    isFree: boolean('is_free').notNull().default(false),
    episodeCost: integer('episode_cost').notNull().default(55),
    createdAt: createdAt(),
  },
  (t) => [
    check('series_rating_range', sql`${t.rating} between 0 and 100`),
    check('series_likes_nonnegative', sql`${t.likes} >= 0`),
    check('series_episode_cost_nonnegative', sql`${t.episodeCost} >= 0`),
    check('series_total_episodes_nonnegative', sql`${t.totalEpisodes} >= 0`),
    index('series_genre_idx').on(t.genre),
  ],
);

/**
 * A series' title, description and tags in another language (canonical BCP 47 tag). Viewers whose UI language
 * matches see these instead of the original; an empty description or tag list falls back to the original's.
 */
export const seriesTranslations = pgTable(
  'series_translations',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Folded once on write (series_search_text of migration series_search), so search never folds it again. */
    searchDocument: text('search_document').generatedAlwaysAs(
      sql`series_search_text(title, NULL::text, tags, description)`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.language] }),
    check('series_translations_language_length', sql`length(${t.language}) between 2 and 35`),
  ],
);

export const episodes = pgTable(
  'episodes',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    episodeNumber: integer('episode_number').notNull(),
    title: text('title').notNull(),
    videoUrl: text('video_url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    duration: integer('duration').notNull().default(0),
  },
  (t) => [
    uniqueIndex('episodes_series_number_unique').on(t.seriesId, t.episodeNumber),
    check('episodes_number_positive', sql`${t.episodeNumber} >= 1`),
    // The folder of an episode's media, so a /media request finds its episode (access to locked episodes).
    index('episodes_media_folder_idx').using('btree', sql`regexp_replace(${t.videoUrl}, '[^/]*$', '')`),
  ],
);

/**
 * An episode's subtitle track in one language: its cues live as files in the episode's media folder
 * (`folderKey`: a segmented WebVTT rendition and the whole track in one file), listed in its master playlist.
 */
export const subtitleTracks = pgTable(
  'subtitle_tracks',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    /** BCP 47, as the operator gave it (canonical case). */
    language: text('language').notNull(),
    kind: text('kind', { enum: SUBTITLE_KINDS }).notNull(),
    label: text('label').notNull(),
    folderKey: text('folder_key').notNull(),
    cueCount: integer('cue_count').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subtitle_tracks_episode_language_unique').on(t.episodeId, t.language),
    check('subtitle_tracks_kind', sql`${t.kind} in ('captions', 'subtitles')`),
  ],
);

export const MEDIA_JOB_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;

/** Transcodes waiting, running and done; the worker takes them one at a time with FOR UPDATE SKIP LOCKED. */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['transcode'] })
      .notNull()
      .default('transcode'),
    status: text('status', { enum: MEDIA_JOB_STATUSES }).notNull().default('queued'),
    percent: integer('percent').notNull().default(0),
    /** Why it failed, in words an operator can read (ffmpeg's own reason when it has one). */
    error: text('error'),
    /** The uploaded file, on local disk until the job ends. */
    sourcePath: text('source_path').notNull(),
    /** The scratch folder of the running attempt, removed when that attempt ends or is found dead. */
    workDir: text('work_dir'),
    attempts: integer('attempts').notNull().default(0),
    /** Failed by restarts, not by its video: the source is kept so an operator can run it again. */
    retryable: boolean('retryable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('media_jobs_percent_range', sql`${t.percent} between 0 and 100`),
    check('media_jobs_status_known', sql`${t.status} in ('queued', 'processing', 'ready', 'failed')`),
    index('media_jobs_status_idx').on(t.status, t.id),
    index('media_jobs_episode_idx').on(t.episodeId, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    coins: integer('coins').notNull().default(0),
    bonuses: integer('bonuses').notNull().default(0),
    createdAt: createdAt(),
    /** A guest whose belongings were brought into an account at sign-in: its ledger stays, it is written no more. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    mergedInto: text('merged_into'),
    /** "Unlock the next episode automatically": off until the viewer turns it on in their profile. */
    autoUnlock: boolean('auto_unlock').notNull().default(false),
  },
  (t) => [
    check('users_coins_nonnegative', sql`${t.coins} >= 0`),
    check('users_bonuses_nonnegative', sql`${t.bonuses} >= 0`),
    // Support finds a viewer by the UID their profile shows: the last 8 characters of their id.
    index('users_uid_idx').using('btree', sql`lower(right(${t.id}, 8))`),
  ],
);

export const carouselItems = pgTable(
  'carousel_items',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    displayOrder: integer('display_order').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('carousel_items_series_unique').on(t.seriesId),
    check('carousel_items_order_positive', sql`${t.displayOrder} >= 1`),
  ],
);

// The unique rank among active items is an exclusion constraint added in the migration SQL
// (DEFERRABLE, so a reorder can swap ranks inside one transaction); drizzle cannot declare it.
export const trendingItems = pgTable(
  'trending_items',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    matchPercentage: integer('match_percentage').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trending_items_series_unique').on(t.seriesId),
    check('trending_items_rank_range', sql`${t.rank} between 1 and 7`),
    check('trending_items_match_range', sql`${t.matchPercentage} between 1 and 99`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seriesId] })],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seriesId] })],
);

export const unlocks = pgTable(
  'unlocks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    episodeNumber: integer('episode_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seriesId, t.episodeNumber] })],
);

export const progress = pgTable(
  'progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    percent: integer('percent').notNull(),
    positionSeconds: real('position_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.episodeId] }),
    index('progress_user_series_idx').on(t.userId, t.seriesId),
    check('progress_percent_range', sql`${t.percent} between 0 and 100`),
  ],
);

/** Every credit and debit (a new viewer's starting balance is a `welcome` entry); per user, sum(coins_delta) = users.coins and sum(bonuses_delta) = users.bonuses. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['purchase', 'checkin', 'unlock', 'welcome', 'grant', 'transfer', 'undo', 'refund', 'invitation'],
    }).notNull(),
    coinsDelta: integer('coins_delta').notNull(),
    bonusesDelta: integer('bonuses_delta').notNull(),
    packageId: text('package_id'),
    priceCents: integer('price_cents'),
    // No foreign key: the ledger keeps its history when a series is deleted.
    seriesId: integer('series_id'),
    episodeNumber: integer('episode_number'),
    /** Why support granted or took back coins (kind grant). */
    reason: text('reason'),
    /** The paid purchase this entry credits or takes back (purchase, refund); null for a preview purchase. */
    purchaseId: text('purchase_id'),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_ledger_user_idx').on(t.userId, t.id)],
);

/**
 * Unlocks the player made by itself (auto-unlock), each with what it charged, so Undo can give exactly that back
 * (within 10 s of `createdAt`, under 5 s watched) and only once (`undoneAt`).
 */
export const autoUnlocks = pgTable(
  'auto_unlocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    coins: integer('coins').notNull(),
    bonuses: integer('bonuses').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('auto_unlocks_user_episode_idx').on(t.userId, t.seriesId, t.episodeNumber, t.id)],
);

export const PASS_STATUSES = ['active', 'past_due', 'ended'] as const;

/**
 * VIP passes: while one is `active` or `past_due` and `current_period_end` is ahead, every episode plays for its
 * viewer. A preview pass has no provider ids; a Stripe subscription's state is written by the same service.
 */
export const passes = pgTable(
  'passes',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['preview', 'stripe'] }).notNull(),
    /** The provider's subscription (a preview pass gets an id of its own, so every pass is recorded by one). */
    subscriptionId: text('subscription_id').notNull(),
    customerId: text('customer_id'),
    status: text('status', { enum: PASS_STATUSES }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('passes_subscription_unique').on(t.subscriptionId),
    // At most one live pass per viewer: two "Get VIP" taps at once make one pass.
    uniqueIndex('passes_one_live_per_user')
      .on(t.userId)
      .where(sql`${t.status} <> 'ended'`),
    check('passes_status_known', sql`${t.status} in ('active', 'past_due', 'ended')`),
  ],
);

/**
 * A coin package bought with real money (docs/decisions/052-payments-through-one-adapter.md). The amount,
 * currency, coins and bonuses are copied from our package table when the purchase starts; coins are credited only
 * on the pending → paid transition. A preview purchase (no payment provider) has no row: it is credited at once.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    /** In the currency's minor units (cents). */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    coins: integer('coins').notNull(),
    bonuses: integer('bonuses').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    chargeId: text('charge_id'),
    receiptUrl: text('receipt_url'),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** Coins and bonuses taken back by refunds and disputes. */
    coinsReclaimed: integer('coins_reclaimed').notNull().default(0),
    bonusesReclaimed: integer('bonuses_reclaimed').notNull().default(0),
    /** What a refund should have taken back but the viewer had already spent (a balance never goes below 0). */
    coinsNotRecovered: integer('coins_not_recovered').notNull().default(0),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** When it expired or failed. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check(
      'purchases_status_known',
      sql`${t.status} in ('pending', 'paid', 'refunded', 'partially_refunded', 'disputed', 'expired', 'failed')`,
    ),
    check('purchases_amount_positive', sql`${t.amountMinor} > 0`),
    uniqueIndex('purchases_checkout_session_idx').on(t.checkoutSessionId),
    index('purchases_user_idx').on(t.userId, t.createdAt),
    index('purchases_status_idx').on(t.status, t.createdAt),
    index('purchases_payment_intent_idx').on(t.paymentIntentId),
  ],
);

/** Webhook events already handled, by the provider's event id: a redelivery (or a second instance) finds it here. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The payment provider's customer of an account (Stripe's `cus_…`), made once when the account first buys the VIP
 * pass and reused after: the subscription, its invoices and the customer portal all hang on it.
 */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

export const checkIns = pgTable(
  'check_ins',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A viewer's invitation link `/i/{code}`: the code is made the first time they ask for it, and never changes. */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    viewerId: text('viewer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitation_codes_code_idx').on(t.code)],
);

/**
 * A new account saved by a browser that arrived by an invitation link: one row per new account (its primary key),
 * rewarded (50 bonuses each side) unless the inviter had 20 rewarded invitations that UTC day.
 */
export const invitations = pgTable(
  'invitations',
  {
    inviteeId: text('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewarded: boolean('rewarded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_inviter_idx').on(t.inviterId, t.createdAt)],
);

/**
 * The people who run the dashboard. The owner is one row whose password is ADMIN_PASSWORD (never stored here);
 * everyone else is invited by name and role and sets a password of their own (scrypt). An invite is a token kept
 * hashed that works once, until inviteExpiresAt.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'editor', 'analyst', 'support'] }).notNull(),
    passwordHash: text('password_hash'),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true, mode: 'date' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('operators_role_known', sql`${t.role} in ('owner', 'editor', 'analyst', 'support')`),
    check('operators_name_length', sql`length(${t.name}) between 1 and 60`),
    uniqueIndex('operators_name_unique').using('btree', sql`lower(${t.name})`),
    uniqueIndex('operators_one_owner')
      .on(t.role)
      .where(sql`${t.role} = 'owner'`),
    uniqueIndex('operators_invite_token_unique').on(t.inviteTokenHash),
  ],
);

/** Session ids are stored as SHA-256 hashes, so a database leak does not leak live sessions. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('admin_sessions_operator_idx').on(t.operatorId)],
);

/**
 * A WebAuthn credential that signs an operator in, apart from viewers' passkeys: neither kind signs in the other.
 * Its id and public key are kept as the bytes they are.
 */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    credentialId: bytea('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('operator_passkeys_credential_unique').on(t.credentialId),
    index('operator_passkeys_operator_idx').on(t.operatorId),
    check('operator_passkeys_name_length', sql`length(${t.name}) between 1 and 60`),
  ],
);

/** A WebAuthn challenge of the dashboard, handed out and not yet answered: taken (deleted) by its one answer. */
export const operatorPasskeyChallenges = pgTable('operator_passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
  /** The operator a registration is for; none for a sign-in. */
  operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * What operators did: appended, never edited (a trigger refuses updates); entries older than the retention are
 * swept. Who is copied in (id, name, role at the time), so an entry outlives its operator's removal.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    operatorRole: text('operator_role'),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    objectLabel: text('object_label'),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
    reason: text('reason'),
    address: text('address'),
  },
  (t) => [
    index('operator_audit_at_idx').on(t.at, t.id),
    index('operator_audit_operator_idx').on(t.operatorId, t.id),
    index('operator_audit_action_idx').on(t.action, t.id),
  ],
);

/**
 * A viewer's pass through the access gate. The cookie itself is signed and checked in memory; a row records which
 * code opened it, so changing that code or leaving the preview ends it (revokedAt) on every instance.
 */
export const accessSessions = pgTable(
  'access_sessions',
  {
    id: text('id').primaryKey(),
    codeId: text('code_id').notNull(),
    generation: integer('generation').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('access_sessions_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

/**
 * The access gate's shared state (one row): the key access cookies are signed with, the generation every cookie
 * must carry (raised to revoke all at once), and the ids of the codes in force.
 */
export const accessGate = pgTable(
  'access_gate',
  {
    id: integer('id').primaryKey().default(1),
    signingKey: text('signing_key').notNull(),
    generation: integer('generation').notNull().default(1),
    codeIds: text('code_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('access_gate_single_row', sql`${t.id} = 1`)],
);

/** Attempts per client and fixed window, for limits every instance must share (access codes, operator login). */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    bucket: text('bucket').notNull(),
    client: text('client').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.client, t.windowStart] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    reply: jsonb('reply').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })],
);

/** Generated secrets (admin password, access codes), stored hashed. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  hashes: text('hashes').array().notNull(),
  createdAt: createdAt(),
});

export const INSIGHT_EVENT_KINDS = [
  'play_start',
  'progress',
  'leave',
  'paywall_shown',
  'unlock',
  'purchase',
  'checkin',
] as const;

/**
 * Append-only: what viewers did (sent by the player) and what the ledger recorded (written by a trigger
 * on wallet_ledger, never by a client). A statement trigger folds every inserted row into the rollups
 * below in the same transaction (docs/decisions/021-insight-events-and-rollups.md). Raw rows are
 * deleted after the retention period; the rollups stay.
 */
export const insightEvents = pgTable(
  'insight_events',
  {
    /** Made by the client, so a batch sent twice is stored once; ledger events derive theirs from the ledger id. */
    eventId: uuid('event_id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: INSIGHT_EVENT_KINDS }).notNull(),
    seriesId: integer('series_id'),
    episodeNumber: integer('episode_number'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startupMs: integer('startup_ms'),
    percent: integer('percent'),
    reason: text('reason'),
    watchedMs: integer('watched_ms').notNull().default(0),
    /** Unlock: coins and bonuses debited; purchase and check-in: coins and bonuses credited. */
    coins: integer('coins').notNull().default(0),
    /** The part of `coins` that was bought (not bonuses). */
    paidCoins: integer('paid_coins').notNull().default(0),
    priceCents: integer('price_cents'),
  },
  (t) => [
    check(
      'insight_events_kind_known',
      sql`${t.kind} in ('play_start', 'progress', 'leave', 'paywall_shown', 'unlock', 'purchase', 'checkin')`,
    ),
    index('insight_events_received_brin').using('brin', t.receivedAt),
  ],
);

/** Per (series, episode, UTC day): what the funnel and the per-series figures add up. */
export const insightEpisodeDays = pgTable(
  'insight_episode_days',
  {
    seriesId: integer('series_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull().default(0),
    progress25: integer('progress_25').notNull().default(0),
    progress50: integer('progress_50').notNull().default(0),
    progress75: integer('progress_75').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    leaves: integer('leaves').notNull().default(0),
    paywallShown: integer('paywall_shown').notNull().default(0),
    /** Distinct viewers shown the paywall that day (a viewer shown it on two days counts on each). */
    paywallViewers: integer('paywall_viewers').notNull().default(0),
    unlocks: integer('unlocks').notNull().default(0),
    coinsSpent: integer('coins_spent').notNull().default(0),
    paidCoinsSpent: integer('paid_coins_spent').notNull().default(0),
    watchMs: bigint('watch_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.episodeNumber, t.day] }),
    index('insight_episode_days_paywall_idx')
      .on(t.episodeNumber, t.day)
      .where(sql`${t.paywallViewers} > 0 or ${t.unlocks} > 0`),
  ],
);

/** Per (series, UTC day): the same sums over a series' episodes, so ranking series reads one row per day. */
export const insightSeriesDays = pgTable(
  'insight_series_days',
  {
    seriesId: integer('series_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull().default(0),
    coinsSpent: integer('coins_spent').notNull().default(0),
    paidCoinsSpent: integer('paid_coins_spent').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.day] }),
    index('insight_series_days_day_idx').on(t.day),
    // A day's most played series first: the top series of a range are found without summing every series.
    index('insight_series_days_day_plays_idx').on(t.day, t.plays.desc(), t.seriesId),
  ],
);

/**
 * Per (UTC day, episode number) over all series: the summary's paywall conversion at the first paid
 * episode reads a row a day.
 */
export const insightEpisodeNumberDays = pgTable(
  'insight_episode_number_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    episodeNumber: integer('episode_number').notNull(),
    /** As insight_episode_days.paywall_viewers, summed over the series. */
    paywallViewers: integer('paywall_viewers').notNull().default(0),
    unlocks: integer('unlocks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.episodeNumber, t.day] })],
);

/**
 * Each viewer's latest day with a play of a series: a range that reaches the latest day counts a series'
 * viewers here, one row per viewer, instead of one per viewer, episode and day.
 */
export const insightSeriesViewers = pgTable(
  'insight_series_viewers',
  {
    seriesId: integer('series_id').notNull(),
    userId: text('user_id').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.userId] }),
    index('insight_series_viewers_last_day_idx').on(t.seriesId, t.lastDay),
  ],
);

/**
 * The same per episode and kind (start | paywall | unlock, as insight_episode_viewers): the funnel's viewers
 * and a series' paywall conversion over a range that reaches the latest day.
 */
export const insightEpisodeLastViewers = pgTable(
  'insight_episode_last_viewers',
  {
    seriesId: integer('series_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    kind: text('kind', { enum: ['start', 'paywall', 'unlock'] }).notNull(),
    userId: text('user_id').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.episodeNumber, t.kind, t.userId] }),
    index('insight_episode_last_viewers_last_day_idx').on(t.seriesId, t.kind, t.lastDay, t.episodeNumber),
  ],
);

/** Per UTC day, over everything: the headline figures. */
export const insightDays = pgTable('insight_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  plays: integer('plays').notNull().default(0),
  completions: integer('completions').notNull().default(0),
  paywallShown: integer('paywall_shown').notNull().default(0),
  unlocks: integer('unlocks').notNull().default(0),
  coinsSpent: bigint('coins_spent', { mode: 'number' }).notNull().default(0),
  paidCoinsSpent: bigint('paid_coins_spent', { mode: 'number' }).notNull().default(0),
  watchMs: bigint('watch_ms', { mode: 'number' }).notNull().default(0),
  purchases: integer('purchases').notNull().default(0),
  paidCoinsSold: bigint('paid_coins_sold', { mode: 'number' }).notNull().default(0),
  moneyCents: bigint('money_cents', { mode: 'number' }).notNull().default(0),
  checkIns: integer('check_ins').notNull().default(0),
});

/**
 * Who started, saw the paywall of, or unlocked an episode on a day: distinct viewers over any range
 * are counted from here (one row per viewer, not per event). kind: start | paywall | unlock.
 */
export const insightEpisodeViewers = pgTable(
  'insight_episode_viewers',
  {
    seriesId: integer('series_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    kind: text('kind', { enum: ['start', 'paywall', 'unlock'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.episodeNumber, t.kind, t.day, t.userId] }),
    index('insight_episode_viewers_paywall_idx')
      .on(t.episodeNumber, t.day)
      .where(sql`${t.kind} <> 'start'`),
  ],
);

/**
 * Each viewer's latest day with a play: a range that reaches the latest day counts its viewers from here
 * (one row per viewer) instead of from every viewer-day.
 */
export const insightViewers = pgTable(
  'insight_viewers',
  {
    userId: text('user_id').primaryKey(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [index('insight_viewers_last_day_idx').on(t.lastDay, t.userId)],
);

/** Who started any play on a day: the headline "viewers" of a range that ends before the latest day. */
export const insightViewerDays = pgTable(
  'insight_viewer_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * Start-up times as a histogram per day; `startup_ms` is the start of a bucket 10 ms wide below 1 s, 50 ms
 * below 5 s and 500 ms above, so p50/p95 are read from a few hundred rows a day.
 */
export const insightStartupDays = pgTable(
  'insight_startup_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    startupMs: integer('startup_ms').notNull(),
    plays: integer('plays').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.startupMs] })],
);

/**
 * A signed-in browser: its cookie carries a token whose SHA-256 is kept here, so a database leak leaks no live
 * session. Ending a session (sign out, a device removed, the account deleted) deletes its row.
 */
export const viewerSessions = pgTable(
  'viewer_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    viewerId: text('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How this browser signed in: passkey, google, apple or slush. */
    method: text('method').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('viewer_sessions_token_unique').on(t.tokenHash),
    index('viewer_sessions_viewer_idx').on(t.viewerId),
  ],
);

/** A WebAuthn credential that signs in to an account; its id and public key kept as the bytes they are. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    viewerId: text('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: bytea('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_viewer_idx').on(t.viewerId),
    check('passkeys_name_length', sql`length(${t.name}) between 1 and 60`),
  ],
);

/** A WebAuthn challenge handed out and not yet answered: taken (deleted) by its one answer, or expired. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
  /** The viewer a registration is for; none for a sign-in. */
  viewerId: text('viewer_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * A sign-in with an OpenID Connect provider under way: what the callback checks the provider's answer against,
 * taken once (deleted as it is read) and only within a few minutes.
 */
export const signInFlows = pgTable('sign_in_flows', {
  /** The SHA-256 of the flow's `state`, which the browser also holds in a cookie. */
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** Where in the app the person was when they started. */
  returnTo: text('return_to').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** An OpenID Connect identity: an account is found by its issuer and subject, never by e-mail. */
export const signInIdentities = pgTable(
  'sign_in_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    provider: text('provider').notNull(),
    viewerId: text('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sign_in_identities_viewer_idx').on(t.viewerId)],
);

/**
 * A browser's Web Push subscription (what `pushManager.subscribe` gave it), of one viewer: the push service's
 * endpoint and the browser's keys the payload is encrypted to. Answered 404/410 by its push service, it goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    viewerId: text('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url as the browser gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The app's language in that browser (BCP 47): its alerts are written in it. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_viewer_idx').on(t.viewerId),
  ],
);

/** The series a subscription is told of new episodes of, and when it was last told (one alert per hour at most). */
export const episodeAlertSeries = pgTable(
  'episode_alert_series',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.seriesId] }),
    index('episode_alert_series_series_idx').on(t.seriesId, t.subscriptionId),
  ],
);

export const EPISODE_ALERT_STATUSES = ['queued', 'sending', 'done'] as const;

/**
 * One job per published episode: its alerts are sent by whichever instance claims it (FOR UPDATE SKIP LOCKED), in
 * batches of subscriptions by id; `afterSubscription` is how far it got, and `claimedUntil` the claim's lease, so
 * a job whose sender died is taken up again where it stopped.
 */
export const episodeAlertJobs = pgTable(
  'episode_alert_jobs',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EPISODE_ALERT_STATUSES }).notNull().default('queued'),
    afterSubscription: integer('after_subscription').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    sent: integer('sent').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('episode_alert_jobs_episode_unique').on(t.episodeId),
    check('episode_alert_jobs_status_known', sql`${t.status} in ('queued', 'sending', 'done')`),
    index('episode_alert_jobs_unfinished_idx')
      .on(t.id)
      .where(sql`${t.status} <> 'done'`),
  ],
);

/** The server's VAPID key pair, generated at the first start without VAPID_* settings: one row, kept. */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);
