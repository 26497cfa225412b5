/**
 * Tables of the echopark module: communities and their members, the property
 * tree, request types with their domain trees, the step workflow with the
 * roles and groups that handle each step, the progress forms, and the requests
 * with their history (messages), photos, form answers and debriefings.
 */
export const echoparkSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS echopark_communities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

-- Read by the core's PUT api/users/{id} when a user switches community (echoparkMainCommunityId).
CREATE TABLE IF NOT EXISTS echopark_user_communities (
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  community_id INTEGER REFERENCES echopark_communities(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, community_id)
);

-- Region (1) → site (2) → building (3), per community; a site may be one of the world's real estates.
CREATE TABLE IF NOT EXISTS echopark_properties (
  id INTEGER PRIMARY KEY,
  community_id INTEGER NOT NULL REFERENCES echopark_communities(id) ON DELETE CASCADE,
  parent_id INTEGER REFERENCES echopark_properties(id) ON DELETE CASCADE,
  level INTEGER NOT NULL CHECK (level IN (1, 2, 3)),
  name TEXT NOT NULL,
  address TEXT,
  postal_code TEXT,
  city TEXT,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  real_estate_id INTEGER REFERENCES real_estates(id)
);
CREATE INDEX IF NOT EXISTS echopark_properties_community ON echopark_properties(community_id, level);

CREATE TABLE IF NOT EXISTS echopark_request_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS echopark_domains (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

-- A domain placed in a request type's tree: its id is the "arboid" (domainTreeId of the payloads).
CREATE TABLE IF NOT EXISTS echopark_domain_tree (
  id INTEGER PRIMARY KEY,
  request_type_id INTEGER NOT NULL REFERENCES echopark_request_types(id) ON DELETE CASCADE,
  domain_id INTEGER NOT NULL REFERENCES echopark_domains(id),
  parent_id INTEGER REFERENCES echopark_domain_tree(id) ON DELETE CASCADE,
  urgency_name TEXT NOT NULL DEFAULT 'Normale'
);
CREATE INDEX IF NOT EXISTS echopark_domain_tree_type ON echopark_domain_tree(request_type_id);

-- Domains a community no longer takes new requests for (a seasonal service stopped, a contract ended): a closure
-- of a domain closes its sub-domains. Creating one is refused with data.reason 'echoparkDomainClosed' in a 2xx answer.
CREATE TABLE IF NOT EXISTS echopark_domain_closures (
  community_id INTEGER NOT NULL REFERENCES echopark_communities(id) ON DELETE CASCADE,
  domain_tree_id INTEGER NOT NULL REFERENCES echopark_domain_tree(id) ON DELETE CASCADE,
  PRIMARY KEY (community_id, domain_tree_id)
);

CREATE TABLE IF NOT EXISTS echopark_roles (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

-- A team of a community playing one role (manager cell, provider team, technical service).
CREATE TABLE IF NOT EXISTS echopark_groups (
  id INTEGER PRIMARY KEY,
  community_id INTEGER NOT NULL REFERENCES echopark_communities(id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES echopark_roles(id),
  name TEXT NOT NULL,
  company_id INTEGER REFERENCES companies(id)
);
CREATE INDEX IF NOT EXISTS echopark_groups_community ON echopark_groups(community_id, role_id);

-- Which group of a community receives a new request of a type (recipientInitial).
CREATE TABLE IF NOT EXISTS echopark_routing (
  community_id INTEGER NOT NULL REFERENCES echopark_communities(id) ON DELETE CASCADE,
  request_type_id INTEGER NOT NULL REFERENCES echopark_request_types(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES echopark_groups(id),
  PRIMARY KEY (community_id, request_type_id)
);

CREATE TABLE IF NOT EXISTS echopark_forms (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS echopark_fieldsets (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL
);
-- formFieldsetEntity: a fieldset placed in a form.
CREATE TABLE IF NOT EXISTS echopark_form_fieldsets (
  id INTEGER PRIMARY KEY,
  form_id INTEGER NOT NULL REFERENCES echopark_forms(id) ON DELETE CASCADE,
  fieldset_id INTEGER NOT NULL REFERENCES echopark_fieldsets(id),
  position INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS echopark_fields (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  key TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('checkbox', 'combo', 'list', 'upload', 'date', 'timestamp', 'time', 'integer', 'number', 'textarea', 'text', 'email')),
  choices TEXT NOT NULL DEFAULT '[]', -- JSON [{ value, label }]
  obligatoire INTEGER NOT NULL DEFAULT 0,
  placeholder TEXT
);
-- fieldsetFieldEntity: a field placed in a fieldset.
CREATE TABLE IF NOT EXISTS echopark_fieldset_fields (
  id INTEGER PRIMARY KEY,
  fieldset_id INTEGER NOT NULL REFERENCES echopark_fieldsets(id) ON DELETE CASCADE,
  field_id INTEGER NOT NULL REFERENCES echopark_fields(id),
  position INTEGER NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS echopark_steps (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type_name TEXT NOT NULL,
  position INTEGER NOT NULL,
  can_message INTEGER NOT NULL DEFAULT 1,
  debriefing_available INTEGER NOT NULL DEFAULT 0,
  is_closing INTEGER NOT NULL DEFAULT 0,
  form_id INTEGER REFERENCES echopark_forms(id)
);
-- Which steps may follow which, and the role whose groups take the request there (NULL: nobody, closing steps).
CREATE TABLE IF NOT EXISTS echopark_step_transitions (
  from_step_id INTEGER NOT NULL REFERENCES echopark_steps(id),
  to_step_id INTEGER NOT NULL REFERENCES echopark_steps(id),
  role_id INTEGER REFERENCES echopark_roles(id),
  PRIMARY KEY (from_step_id, to_step_id)
);

-- Instructions (consignes): the most specific match wins (type + domain + property, then type + domain, then type).
CREATE TABLE IF NOT EXISTS echopark_instructions (
  id INTEGER PRIMARY KEY,
  request_type_id INTEGER NOT NULL REFERENCES echopark_request_types(id) ON DELETE CASCADE,
  domain_tree_id INTEGER REFERENCES echopark_domain_tree(id) ON DELETE CASCADE,
  property_id INTEGER REFERENCES echopark_properties(id) ON DELETE CASCADE,
  message TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS echopark_requests (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  community_id INTEGER NOT NULL REFERENCES echopark_communities(id),
  request_type_id INTEGER NOT NULL REFERENCES echopark_request_types(id),
  domain_tree_id INTEGER NOT NULL REFERENCES echopark_domain_tree(id),
  property_id INTEGER NOT NULL REFERENCES echopark_properties(id),
  step_id INTEGER NOT NULL REFERENCES echopark_steps(id),
  initial_group_id INTEGER NOT NULL REFERENCES echopark_groups(id),
  current_group_id INTEGER REFERENCES echopark_groups(id),
  requested_by INTEGER NOT NULL REFERENCES users(id),
  message TEXT NOT NULL,
  urgency_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS echopark_requests_community ON echopark_requests(community_id, created_at);

-- The request's history; message_type as in sync/contract/echopark.ts (ECHOPARK_MESSAGE_TYPES).
CREATE TABLE IF NOT EXISTS echopark_messages (
  id INTEGER PRIMARY KEY,
  request_id INTEGER NOT NULL REFERENCES echopark_requests(id) ON DELETE CASCADE,
  message_type INTEGER NOT NULL,
  step_id INTEGER REFERENCES echopark_steps(id),
  role_id INTEGER REFERENCES echopark_roles(id),
  group_id INTEGER REFERENCES echopark_groups(id),
  author_id INTEGER REFERENCES users(id),
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS echopark_messages_request ON echopark_messages(request_id, created_at);

CREATE TABLE IF NOT EXISTS echopark_pictures (
  id INTEGER PRIMARY KEY,
  request_id INTEGER NOT NULL REFERENCES echopark_requests(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS echopark_pictures_request ON echopark_pictures(request_id);
CREATE INDEX IF NOT EXISTS echopark_pictures_media ON echopark_pictures(media_id);

-- Progress-form answers per request and step (value is JSON).
CREATE TABLE IF NOT EXISTS echopark_form_answers (
  request_id INTEGER NOT NULL REFERENCES echopark_requests(id) ON DELETE CASCADE,
  step_id INTEGER NOT NULL REFERENCES echopark_steps(id),
  field_id INTEGER NOT NULL REFERENCES echopark_fields(id),
  value TEXT NOT NULL,
  PRIMARY KEY (request_id, step_id, field_id)
);

CREATE TABLE IF NOT EXISTS echopark_debriefings (
  id INTEGER PRIMARY KEY,
  request_id INTEGER NOT NULL REFERENCES echopark_requests(id) ON DELETE CASCADE,
  step_id INTEGER NOT NULL REFERENCES echopark_steps(id),
  begin_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  done INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS echopark_debriefings_request ON echopark_debriefings(request_id);
`;
