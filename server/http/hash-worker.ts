/** Worker thread of the upload hashes (md5 for the store, sha256 for idempotent replays): see uploads.ts. */
import { parentPort } from 'node:worker_threads';
import { hashFile, type HashJob } from './file-hash';

parentPort?.on('message', (message: { id: number; job: HashJob }) => {
  const result = hashFile(message.job);
  // The bytes go back to the event loop without a copy.
  parentPort!.postMessage({ id: message.id, result }, [result.data.buffer as ArrayBuffer]);
});
