/**
 * Paths the session needs from modules whose full contract lives elsewhere
 * (the unread count belongs to messaging). Kept here so the session does not
 * depend on a whole module contract.
 */
export const messagingCountPath = 'api/message/user_message_counts/0';
