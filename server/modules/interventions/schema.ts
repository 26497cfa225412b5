/** Tables of the interventions module: requests, their buildings and media, appointments, debriefings, ratings. */
export const interventionsSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS intervention_requests (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  place TEXT NOT NULL CHECK (place IN ('start', 'waiting', 'planning', 'planned', 'in_progress', 'debriefing', 'done', 'closed', 'reclaim')),
  created_at TEXT NOT NULL,
  real_estate_id INTEGER NOT NULL REFERENCES real_estates(id),
  business_area_id INTEGER NOT NULL REFERENCES business_areas(id),
  contact_id INTEGER REFERENCES contacts(id),
  information TEXT NOT NULL,
  requested_by INTEGER NOT NULL REFERENCES users(id),
  provider_company_id INTEGER NOT NULL REFERENCES companies(id),
  owner_company_id INTEGER NOT NULL REFERENCES companies(id)
);
CREATE INDEX IF NOT EXISTS ir_place ON intervention_requests(place, id);
CREATE INDEX IF NOT EXISTS ir_provider ON intervention_requests(provider_company_id, place, id);
CREATE INDEX IF NOT EXISTS ir_real_estate ON intervention_requests(real_estate_id, place, id);

CREATE TABLE IF NOT EXISTS intervention_buildings (
  intervention_id INTEGER NOT NULL REFERENCES intervention_requests(id) ON DELETE CASCADE,
  building_id INTEGER NOT NULL REFERENCES buildings(id),
  PRIMARY KEY (intervention_id, building_id)
);

CREATE TABLE IF NOT EXISTS intervention_media (
  intervention_id INTEGER NOT NULL REFERENCES intervention_requests(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  PRIMARY KEY (intervention_id, media_id)
);

CREATE TABLE IF NOT EXISTS appointments (
  id INTEGER PRIMARY KEY,
  intervention_id INTEGER NOT NULL REFERENCES intervention_requests(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  date_end TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status IN (1, 2, 3)),
  reason TEXT,
  information TEXT,
  created_by INTEGER REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS appointments_intervention ON appointments(intervention_id, date);
CREATE INDEX IF NOT EXISTS appointments_date ON appointments(date);

CREATE TABLE IF NOT EXISTS debriefings (
  id INTEGER PRIMARY KEY,
  intervention_id INTEGER NOT NULL REFERENCES intervention_requests(id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  date_begin TEXT NOT NULL,
  date_end TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status IN (0, 1, 2)),
  done_by INTEGER REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS debriefings_intervention ON debriefings(intervention_id, date_end);

CREATE TABLE IF NOT EXISTS debriefing_media (
  debriefing_id INTEGER NOT NULL REFERENCES debriefings(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  PRIMARY KEY (debriefing_id, media_id)
);

CREATE TABLE IF NOT EXISTS ratings (
  id INTEGER PRIMARY KEY,
  intervention_id INTEGER NOT NULL REFERENCES intervention_requests(id) ON DELETE CASCADE,
  type INTEGER NOT NULL CHECK (type IN (0, 1)),
  global_rate INTEGER NOT NULL CHECK (global_rate BETWEEN 1 AND 5),
  message TEXT,
  author_id INTEGER REFERENCES users(id),
  UNIQUE (intervention_id, type)
);
`;
