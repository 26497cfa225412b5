/**
 * Bounds of free-form JSON bodies (visit data, fiche, echopark form) that a
 * JSON schema cannot describe field by field: depth, number of nodes, length
 * of each text and of each key, and numbers a date or SQLite can hold. One
 * walk, linear in the size of the body, before any handler logic runs.
 */
import { badRequest } from './errors';

export interface JsonBounds {
  /** Deepest nesting of objects and arrays. */
  depth: number;
  /** Most values in the whole body. */
  nodes: number;
  /** Longest text value. */
  text: number;
  /** Longest key. */
  key?: number;
}

/** Throws a French 400 when the body goes beyond the bounds. */
export function assertBoundedJson(value: unknown, bounds: JsonBounds, what = 'Le corps de la requête'): void {
  const keyMax = bounds.key ?? 200;
  let nodes = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (++nodes > bounds.nodes) throw badRequest(`${what} contient trop d'éléments.`);
    if (typeof node === 'string') {
      if (node.length > bounds.text) throw badRequest(`${what} contient un texte de plus de ${bounds.text} caractères.`);
    } else if (typeof node === 'number') {
      if (!Number.isFinite(node) || Math.abs(node) > Number.MAX_SAFE_INTEGER) throw badRequest(`${what} contient un nombre hors limites.`);
    } else if (node !== null && typeof node === 'object') {
      if (depth >= bounds.depth) throw badRequest(`${what} est trop imbriqué.`);
      for (const [key, child] of Object.entries(node)) {
        if (key.length > keyMax) throw badRequest(`${what} contient une clé trop longue.`);
        stack.push([child, depth + 1]);
      }
    }
  }
}
