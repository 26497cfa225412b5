/**
 * Validation rules of the guest and account forms (spec part 1 §5, part 2 §5),
 * as pure functions returning the catalogue's French texts.
 */
import { fr } from '../i18n/fr';

/** The standard address pattern the spec refers to. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DIGITS_PATTERN = /^[0-9]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());
export const isDigits = (value: string) => DIGITS_PATTERN.test(value);

export type Errors<K extends string> = Partial<Record<K, string>>;

export function validateForgottenEmail(email: string): string | null {
  return email.trim() !== '' && isEmail(email) ? null : fr.notValidEmail;
}

export function validateNewPassword(password: string, confirmation: string): Errors<'password' | 'confirmation'> {
  const errors: Errors<'password' | 'confirmation'> = {};
  if (password === '') errors.password = fr.fieldRequired;
  if (confirmation === '') errors.confirmation = fr.fieldRequired;
  else if (password !== confirmation) errors.confirmation = fr.passwordDiff;
  return errors;
}

export interface ContactValues {
  firstname: string;
  lastname: string;
  email: string;
  gsm: string;
  company: string;
  real_estate: string;
  message: string;
}

export function validateContact(v: ContactValues): Errors<keyof ContactValues> {
  const errors: Errors<keyof ContactValues> = {};
  for (const key of ['firstname', 'lastname', 'email', 'gsm', 'company', 'real_estate'] as const) {
    if (v[key].trim() === '') errors[key] = fr.fieldRequired;
  }
  if (!errors.email && !isEmail(v.email)) errors.email = fr.notValidEmail;
  if (!errors.gsm && !isDigits(v.gsm)) errors.gsm = fr.notValidGsm;
  return errors;
}

export interface AccountValues {
  firstname: string;
  lastname: string;
  gsm: string;
}

export function validateAccount(v: AccountValues): Errors<keyof AccountValues> {
  const errors: Errors<keyof AccountValues> = {};
  for (const key of ['firstname', 'lastname', 'gsm'] as const) if (v[key].trim() === '') errors[key] = fr.fieldRequired;
  if (!errors.gsm && !isDigits(v.gsm)) errors.gsm = fr.notValidGsm;
  return errors;
}

/** The form-level message when a required field is missing (key fillAllFields). */
export const formMessage = (errors: Record<string, string | undefined>) =>
  Object.values(errors).some((e) => e === fr.fieldRequired) ? fr.fillAllFields : null;
