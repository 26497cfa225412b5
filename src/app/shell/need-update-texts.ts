/** Texts of the need-update screen (loaded with it, not with the login screen). */
export const needUpdateTexts = {
  update: 'Mettre à jour',
  checking: 'Recherche d’une nouvelle version…',
  updating: 'Installation de la nouvelle version…',
  none: 'Aucune nouvelle version n’est encore disponible sur le serveur. Réessayez plus tard : vos données restent sur cet appareil.',
  failed:
    'La nouvelle version n’a pas pu être téléchargée. Vérifiez votre connexion et réessayez : l’application actuelle reste utilisable pour exporter vos données.',
  unsupported: 'Ce navigateur ne peut pas installer la mise à jour : rechargez la page.',
  unsentTitle: 'Sur cet appareil',
  reading: 'Lecture des données de cet appareil…',
  nothingUnsent: 'Rien n’attend d’être envoyé depuis cet appareil.',
  unsentHint: 'Ces éléments seront envoyés par la nouvelle version. Vous pouvez aussi les exporter dans un fichier.',
  export: 'Exporter',
  signOut: 'Se déconnecter',
};
