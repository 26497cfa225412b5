/**
 * French texts of /mon-compte, verbatim. Kept out of src/i18n/fr.ts because
 * fr.ts is part of the login screen's JavaScript, and this screen loads on
 * demand (issue 14's budget).
 */
export const accountTexts = {
  emailReadOnly: "L'e-mail ne peut pas être modifié.",
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  storageUsage: (used: string, quota: string) => `Stockage de l'appareil : ${used} utilisés sur ${quota}`,
  storageKept: ' (conservé par le navigateur)',
} as const;
