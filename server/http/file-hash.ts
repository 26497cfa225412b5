/** The hashes of an uploaded file, computed on the hash worker (or inline when it is off). */
import crypto from 'node:crypto';

export interface HashJob {
  data: Uint8Array;
  sha256: boolean;
}

export interface HashResult {
  data: Uint8Array;
  md5: string;
  sha256: string | null;
}

export function hashFile(job: HashJob): HashResult {
  return {
    data: job.data,
    md5: crypto.createHash('md5').update(job.data).digest('hex'),
    sha256: job.sha256 ? crypto.createHash('sha256').update(job.data).digest('hex') : null,
  };
}
