/** A full device storage, said in French, without losing what is already stored. */
export class StorageFullError extends Error {
  constructor() {
    super("L'espace de stockage de l'appareil est plein : libérez de la place, rien de ce qui est déjà enregistré n'est perdu.");
    this.name = 'StorageFullError';
  }
}

export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  const inner = (error as { parameters?: { error?: { name?: string } } } | null)?.parameters?.error?.name ?? '';
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError' || /quota/i.test(String((error as Error | null)?.message ?? ''));
}
