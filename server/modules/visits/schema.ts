/**
 * Tables of the visits module. A visit's forms with their answers are one JSON
 * document (the shape the API sends and receives, sync/contract/visit-data.ts):
 * it is read and written whole, and validated against it on every send.
 */
export const visitsSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS visits (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  real_estate_id INTEGER NOT NULL REFERENCES real_estates(id),
  state TEXT NOT NULL CHECK (state IN ('todo', 'start', 'draft', 'terminate')),
  late INTEGER NOT NULL DEFAULT 0,
  date_begin TEXT NOT NULL,
  date_end TEXT NOT NULL,
  assigned_to INTEGER REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS visits_assigned ON visits(assigned_to, state);

CREATE TABLE IF NOT EXISTS visit_data (
  visit_id INTEGER PRIMARY KEY REFERENCES visits(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  next_answer_id INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE IF NOT EXISTS visit_fiches (
  visit_id INTEGER PRIMARY KEY REFERENCES visits(id) ON DELETE CASCADE,
  fiche TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS visit_files (
  id INTEGER PRIMARY KEY,
  visit_id INTEGER NOT NULL REFERENCES visits(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  original_name TEXT NOT NULL,
  type TEXT NOT NULL,
  media_id INTEGER NOT NULL REFERENCES media(id)
);
CREATE INDEX IF NOT EXISTS visit_files_visit ON visit_files(visit_id);
`;
