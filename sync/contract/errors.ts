/**
 * The error body the API answers and the code catalogue of spec part 2 §8.2,
 * with the French text of each code. Shared by the server (to refuse) and the
 * client's error handler (to explain).
 */
export interface ApiErrorBody {
  code?: ErrorCode;
  message: string;
  description?: string;
}

export const ERROR_CODES = {
  '100001': "Le code saisi n'est pas valide.",
  '000001': "Le code saisi n'est pas valide.",
  '101001': "Cette demande d'intervention est introuvable.",
  '000002': "Votre compte n'est pas encore activé.",
  '000003': "Votre compte n'est pas encore validé.",
  '000004': 'Cette adresse e-mail est déjà utilisée.',
  '001001': "Cette opération n'est pas autorisée.",
  '002001': "Vous n'avez pas accès à ce bien immobilier.",
  '003001': "Vous n'avez pas accès à ce bâtiment.",
  '003002': "Ce bâtiment n'existe pas.",
  '004001': "Vous n'avez pas accès à ce point d'accès.",
  '005001': "Vous n'avez pas accès à cet équipement.",
  '006001': "Vous n'avez pas accès à cette demande d'intervention.",
  '006002': "Cette demande n'existe pas.",
  '007001': "Ce créneau n'existe pas.",
  '008001': "Vous n'avez pas accès à ce contrat.",
  '008002': "Ce contrat n'existe pas.",
  '009001': "Ce contact n'existe pas.",
  '010001': "Cette étape n'existe pas.",
  '010002': "Ce workflow n'existe pas.",
  '010003': "Cette étape n'est pas accessible.",
  '010004': "Cette action n'est pas autorisée.",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
