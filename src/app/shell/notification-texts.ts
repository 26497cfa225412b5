/**
 * French texts of the offer to turn notifications on (installed app only).
 * Kept out of src/i18n/fr.ts, which is part of the login screen's JavaScript:
 * this module loads on demand with the offer.
 */
export const notificationTexts = {
  title: 'Recevoir les notifications ?',
  text: 'Soyez prévenu des demandes qui vous sont attribuées et des rendez-vous à valider.',
  enable: 'Activer les notifications',
  later: 'Plus tard',
  enabledTitle: 'Notifications activées',
  enabledText: 'Vous serez prévenu des nouveautés sur ce téléphone.',
  refusedTitle: 'Notifications refusées',
  refusedText: 'Vous pourrez les activer dans les réglages du téléphone.',
} as const;
