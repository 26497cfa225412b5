/**
 * Reference data shared by the tunnels (real estates, buildings, business
 * areas, providers, request types), grouped by kind in one collection and
 * read by name. Modules' facades expose the kinds their screens need.
 */
import { map, type Observable } from 'rxjs';
import type { Database } from '../store/database';
import { dataList } from './docs';

export function watchReferenceKind<T>(db: Database, kind: string): Observable<T[]> {
  return db.reference.find({ selector: { kind }, sort: [{ name: 'asc' }] }).$.pipe(map((docs) => dataList<T>(docs)));
}
