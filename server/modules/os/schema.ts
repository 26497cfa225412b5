/**
 * Tables of the OS module: work-validation requests (read by the messaging
 * threads too: id, number, real_estate_id, business_area_id), the buildings
 * they concern and their documents. Messages live in the core `messages`
 * table with object_kind 'os'.
 */
import type { Db } from '../../db/open';

export const osSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS work_validation_requests (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  place TEXT NOT NULL CHECK (place IN ('start', 'request_init', 'request_completion', 'purchase_order_dp', 'purchase_order_dt', 'os_creation', 'n1_signature', 'n2_signature', 'request_intervention_provider', 'closed')),
  -- A draft (place 'start') may lack its price, trade, type and provider; any other place has them.
  price REAL CHECK (price > 0),
  information TEXT NOT NULL,
  created_at TEXT NOT NULL,
  real_estate_id INTEGER NOT NULL REFERENCES real_estates(id),
  business_area_id INTEGER REFERENCES business_areas(id),
  request_type_id INTEGER REFERENCES request_types(id),
  provider_company_id INTEGER REFERENCES companies(id),
  contact_id INTEGER REFERENCES contacts(id),
  requested_by INTEGER NOT NULL REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS wvr_place ON work_validation_requests(place, id);
CREATE INDEX IF NOT EXISTS wvr_real_estate ON work_validation_requests(real_estate_id, id);
-- Providers' lists and the search by requester.
CREATE INDEX IF NOT EXISTS wvr_provider ON work_validation_requests(provider_company_id, id);
CREATE INDEX IF NOT EXISTS wvr_requested_by ON work_validation_requests(requested_by, id);

CREATE TABLE IF NOT EXISTS work_validation_buildings (
  request_id INTEGER NOT NULL REFERENCES work_validation_requests(id) ON DELETE CASCADE,
  building_id INTEGER NOT NULL REFERENCES buildings(id),
  PRIMARY KEY (request_id, building_id)
);

CREATE TABLE IF NOT EXISTS work_validation_media (
  request_id INTEGER NOT NULL REFERENCES work_validation_requests(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  PRIMARY KEY (request_id, media_id)
);
-- Downloads look a document up by its media id.
CREATE INDEX IF NOT EXISTS wvm_media ON work_validation_media(media_id);
`;

/**
 * A database file made before drafts could lack their price, trade, type and provider: its table
 * is rebuilt once with the columns nullable (SQLite cannot drop NOT NULL in place). Foreign keys
 * are off during the copy so that the tables pointing at it keep their rows.
 */
export function migrateOs(db: Db): void {
  const columns = db.prepare(`PRAGMA table_info(work_validation_requests)`).all() as { name: string; notnull: number }[];
  if (!columns.some((c) => c.name === 'business_area_id' && c.notnull === 1)) return;
  const create = osSchema.slice(osSchema.indexOf('CREATE TABLE IF NOT EXISTS work_validation_requests'), osSchema.indexOf(');') + 2);
  db.pragma('foreign_keys = OFF');
  // SQLite's own recipe: copy into a new table, drop the old one, rename (a rename of the old one
  // would rewrite the other tables' references to follow it).
  db.transaction(() => {
    db.exec(create.replace('work_validation_requests', 'work_validation_requests_new'));
    db.exec(`INSERT INTO work_validation_requests_new SELECT * FROM work_validation_requests`);
    db.exec(`DROP TABLE work_validation_requests`);
    db.exec(`ALTER TABLE work_validation_requests_new RENAME TO work_validation_requests`);
    db.exec(osSchema);
  })();
  db.pragma('foreign_keys = ON');
}
