/**
 * Shape checks at the boundary: an answer is written to the store only if it
 * has the fields the screens rely on. A body of the wrong shape is rejected
 * and reported (as an invalid-response failure), never stored, so it can
 * never crash a screen later.
 */
export type Guard<T> = (value: unknown) => value is T;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object whose listed keys have the listed primitive types ('number', 'string', 'object', 'array', 'boolean'); `?` suffix allows null/absent. */
export function shape<T>(spec: Record<string, string>): Guard<T> {
  return (value: unknown): value is T => {
    if (!isObject(value)) return false;
    for (const [key, rawType] of Object.entries(spec)) {
      const optional = rawType.endsWith('?');
      const type = optional ? rawType.slice(0, -1) : rawType;
      const v = value[key];
      if (v === undefined || v === null) {
        if (optional) continue;
        return false;
      }
      if (type === 'array' ? !Array.isArray(v) : type === 'object' ? !isObject(v) : typeof v !== type) return false;
    }
    return true;
  };
}

/** Splits a list into the items that pass the guard and the number refused. */
export function partition<T>(items: unknown[], guard: Guard<T>): { valid: T[]; invalid: number } {
  const valid: T[] = [];
  let invalid = 0;
  for (const item of items) {
    if (guard(item)) valid.push(item);
    else invalid++;
  }
  return { valid, invalid };
}
