/**
 * JSON-schema (Ajv) errors said in French, naming the field the way a person
 * reads it: « email » doit être un texte. The client shows the description of
 * a 400 as it comes (spec part 2 §8.1), so '/email must be string' would reach
 * the user; this keeps the API's one language.
 */
import type { FastifySchemaValidationError } from 'fastify';

const TYPES: Record<string, string> = {
  string: 'un texte',
  integer: 'un nombre entier',
  number: 'un nombre',
  boolean: 'un booléen (true ou false)',
  object: 'un objet',
  array: 'une liste',
  null: 'vide (null)',
};

const typeLabel = (type: unknown) => (Array.isArray(type) ? type : [type]).map((t) => TYPES[String(t)] ?? String(t)).join(' ou ');
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** '/buildingIdList/0' → « buildingIdList[0] »; the whole body or query when the path is empty. */
function fieldLabel(instancePath: string, context: string | undefined, missing?: string): string {
  const parts = instancePath.split('/').filter((p) => p !== '');
  if (missing !== undefined) parts.push(missing);
  if (parts.length === 0) return context === 'querystring' ? 'les paramètres de la requête' : context === 'params' ? "l'adresse" : 'le corps de la requête';
  const name = parts
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('')
    .slice(0, 80);
  return `« ${name} »`;
}

function sentence(error: FastifySchemaValidationError, context: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  const field = fieldLabel(error.instancePath, context);
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'type':
      return `${field} doit être ${typeLabel(params.type)}`;
    case 'required':
      return `${fieldLabel(error.instancePath, context, String(params.missingProperty))} est obligatoire`;
    case 'minLength':
      return limit <= 1 ? `${field} ne doit pas être vide` : `${field} doit contenir au moins ${plural(limit, 'caractère')}`;
    case 'maxLength':
      return `${field} ne doit pas dépasser ${plural(limit, 'caractère')}`;
    case 'minimum':
      return `${field} doit être supérieur ou égal à ${limit}`;
    case 'maximum':
      return `${field} doit être inférieur ou égal à ${limit}`;
    case 'exclusiveMinimum':
      return `${field} doit être supérieur à ${limit}`;
    case 'exclusiveMaximum':
      return `${field} doit être inférieur à ${limit}`;
    case 'minItems':
      return `${field} doit contenir au moins ${plural(limit, 'élément')}`;
    case 'maxItems':
      return `${field} ne doit pas contenir plus de ${plural(limit, 'élément')}`;
    case 'maxProperties':
      return `${field} ne doit pas contenir plus de ${plural(limit, 'champ')}`;
    case 'pattern':
    case 'format':
      return `${field} n'a pas le format attendu`;
    case 'enum':
      return `${field} doit valoir l'une des valeurs : ${((params.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${field} doit valoir ${JSON.stringify(params.allowedValue)}`;
    case 'anyOf':
    case 'oneOf':
      return `${field} n'est ni un identifiant ni une valeur acceptée`;
    case 'additionalProperties':
      return `${field} contient un champ inconnu « ${String(params.additionalProperty).slice(0, 80)} »`;
    default:
      return `${field} est invalide`;
  }
}

/** 'Requête invalide : « email » doit être un texte.' — the one error a person can act on. */
export function schemaErrorMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  // With anyOf, Ajv reports every failed branch and then the anyOf itself: the anyOf says it best.
  const error = errors.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf') ?? errors[0];
  return error ? `Requête invalide : ${sentence(error, context)}.` : 'Requête invalide.';
}
