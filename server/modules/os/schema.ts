/** Tables of the OS module: work-validation requests, their buildings and documents. */
export const osSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS work_validation_requests (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  place TEXT NOT NULL,
  price REAL NOT NULL CHECK (price > 0),
  information TEXT NOT NULL,
  created_at TEXT NOT NULL,
  real_estate_id INTEGER NOT NULL REFERENCES real_estates(id),
  business_area_id INTEGER NOT NULL REFERENCES business_areas(id),
  request_type_id INTEGER NOT NULL REFERENCES request_types(id),
  provider_company_id INTEGER NOT NULL REFERENCES companies(id),
  contact_id INTEGER REFERENCES contacts(id),
  requested_by INTEGER NOT NULL REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS wvr_place ON work_validation_requests(place, id);
CREATE INDEX IF NOT EXISTS wvr_real_estate ON work_validation_requests(real_estate_id, id);

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
`;
