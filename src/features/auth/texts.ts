/**
 * French texts of the guest screens other than login (forgotten password,
 * contact, boarding), verbatim. Kept out of src/i18n/fr.ts because fr.ts is
 * part of the login screen's JavaScript, and these screens load on demand
 * (issue 14's budget).
 */
export const guestTexts = {
  forgottenIntro: 'Saisissez votre e-mail : nous vous envoyons un code pour choisir un nouveau mot de passe.',
  sendCode: 'Recevoir un code',
  codeIntro: (email: string) => `Saisissez le code envoyé à ${email}.`,
  emailFirst: 'Saisissez d’abord votre e-mail : le code vous sera envoyé à cette adresse.',
  code: 'Code',
  checkCode: 'Vérifier le code',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirmation du mot de passe',
  changePassword: 'Changer le mot de passe',
  begin: 'Commencer',
  firstConnectText:
    "Votre compte est prêt. Vous retrouverez ici vos tableaux de bord, vos demandes et vos visites. Pensez à installer l'application sur votre écran d'accueil pour l'utiliser hors ligne.",
  validate: 'Valider',
  contactIntro: 'Vous souhaitez un compte ? Laissez-nous vos coordonnées : nous vous répondons sous 48 h pour confirmer la création de votre compte.',
  company: 'Société',
  realEstate: 'Bien immobilier',
  message: 'Message',
  optional: '(facultatif)',
} as const;
