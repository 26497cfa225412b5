/** Downloads every unsent command and its files as one JSON file (pending screen, logout question). */
import { getEngine } from './engine';

export async function downloadExport(): Promise<void> {
  const blob = await (await getEngine()).exportUnsent();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `envois-en-attente-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
