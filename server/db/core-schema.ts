/**
 * Tables shared by every module: people, companies, places, reference trees,
 * media, messages, tokens and idempotency keys. Module tables live next to
 * their routes (server/modules/<module>/schema.ts) and may reference these.
 */
export const coreSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS contacts (
  id INTEGER PRIMARY KEY,
  address TEXT NOT NULL,
  additional_address TEXT,
  postal_code TEXT NOT NULL,
  city TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT 'France'
);

CREATE TABLE IF NOT EXISTS companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('owner', 'provider', 'firm')),
  main_contact_id INTEGER REFERENCES contacts(id)
);

CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  firstname TEXT NOT NULL,
  lastname TEXT NOT NULL,
  gsm TEXT NOT NULL DEFAULT '',
  roles TEXT NOT NULL,              -- JSON array of ROLE_* strings
  company_id INTEGER REFERENCES companies(id),
  is_manager INTEGER NOT NULL DEFAULT 0,
  ia_links TEXT NOT NULL DEFAULT '[]', -- JSON array of { name, url }
  echopark_main_community_id INTEGER,
  activated INTEGER NOT NULL DEFAULT 1,
  token_version INTEGER NOT NULL DEFAULT 0 -- in every access token: a password reset bumps it, ending the tokens issued before
);

CREATE TABLE IF NOT EXISTS real_estates (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  main_contact_id INTEGER NOT NULL REFERENCES contacts(id),
  owner_company_id INTEGER NOT NULL REFERENCES companies(id),
  has_contract INTEGER NOT NULL DEFAULT 1,
  latitude REAL,
  longitude REAL
);

-- Which real estates a user of the owner side manages.
CREATE TABLE IF NOT EXISTS user_real_estates (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  real_estate_id INTEGER NOT NULL REFERENCES real_estates(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, real_estate_id)
);

CREATE TABLE IF NOT EXISTS buildings (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  real_estate_id INTEGER NOT NULL REFERENCES real_estates(id) ON DELETE CASCADE,
  parent_id INTEGER REFERENCES buildings(id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS buildings_real_estate ON buildings(real_estate_id);

CREATE TABLE IF NOT EXISTS business_areas (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  parent_id INTEGER REFERENCES business_areas(id) ON DELETE CASCADE
);

CREATE TABLE IF NOT EXISTS request_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

-- Uploaded files, kept on disk (or in memory in tests) under their md5.
CREATE TABLE IF NOT EXISTS media (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  md5 TEXT NOT NULL,
  size INTEGER NOT NULL,
  date TEXT NOT NULL,
  uploaded_by INTEGER REFERENCES users(id)
);

-- Conversation messages of interventions and OS. send_by_id NULL or <= 0 is an automatic message.
CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY,
  object_kind TEXT NOT NULL CHECK (object_kind IN ('intervention', 'os')),
  object_id INTEGER NOT NULL,
  message_text TEXT NOT NULL,
  date TEXT NOT NULL,
  send_by_id INTEGER
);
CREATE INDEX IF NOT EXISTS messages_object ON messages(object_kind, object_id, date);
-- Unread counts (id > last read) and a thread's last message, without walking the whole thread.
CREATE INDEX IF NOT EXISTS messages_object_id ON messages(object_kind, object_id, id);

-- Last message a user has read in a thread; drives isNew and the unread count.
CREATE TABLE IF NOT EXISTS message_reads (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  object_kind TEXT NOT NULL,
  object_id INTEGER NOT NULL,
  last_read_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, object_kind, object_id)
);

CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  family TEXT                        -- one sign-in and its rotations; reuse revokes them all
);

-- Families ended (refresh token reused, or logout): their access tokens stop working too.
CREATE TABLE IF NOT EXISTS revoked_families (
  family TEXT PRIMARY KEY,
  revoked_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS password_resets (
  email TEXT NOT NULL COLLATE NOCASE,
  code TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  checked INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0, -- wrong tries from the address that asked; the code is invalidated after a few
  requested_from TEXT                   -- that address (hashed, as the limits key it)
);

-- Replays of writes: scope is 'u:<user id>' or, on public routes, 'c:<client fingerprint>';
-- a key comes back with the same method, URL and body hash, or it is refused (422).
CREATE TABLE IF NOT EXISTS idempotency_records (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  method TEXT NOT NULL,
  url TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  content_type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_records_created ON idempotency_records(created_at);

-- Former replay table (one key space per user, tokens stored in clear): emptied at start, kept for old files.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  user_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  method TEXT NOT NULL,
  url TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  content_type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- Generic requests (POST api/requests); the spec shows no field beyond type and information.
CREATE TABLE IF NOT EXISTS generic_requests (
  id INTEGER PRIMARY KEY,
  request_type_id INTEGER REFERENCES request_types(id),
  real_estate_id INTEGER REFERENCES real_estates(id),
  information TEXT NOT NULL DEFAULT '',
  created_by INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
);

-- Notifications served by GET api/notifications/push_mobiles.
CREATE TABLE IF NOT EXISTS notifications (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS registrations (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS contact_forms (
  id INTEGER PRIMARY KEY,
  firstname TEXT NOT NULL,
  lastname TEXT NOT NULL,
  email TEXT NOT NULL,
  gsm TEXT NOT NULL,
  company TEXT NOT NULL,
  real_estate TEXT NOT NULL,
  message TEXT,
  created_at TEXT NOT NULL
);
`;
