/**
 * French texts of the home screen, verbatim. Kept out of src/i18n/fr.ts because
 * fr.ts is part of the login screen's JavaScript, and this screen loads on
 * demand (issue 14's budget).
 */
export const homeTexts = {
  hello: (name: string) => `Bonjour ${name}`,
  homeIntro: 'Que souhaitez-vous faire aujourd’hui ?',
  cardEchoparkText: 'Demandes de votre communauté',
  cardInterventionsText: "Tableau de bord des demandes d'intervention",
  cardOsText: 'Validation des travaux',
  cardVisitsText: 'Inspections sur site',
  cardAi: 'Assistant IA, ouvre un nouvel onglet',
  onboardingBlockTitle: 'Premiers pas',
  onboardingBlockText: "Découvrez en trois écrans comment l'application vous accompagne sur le terrain.",
  onboardingBlockCta: 'Voir la présentation',
  dismiss: 'Masquer',
} as const;
