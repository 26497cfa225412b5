/**
 * The load of bench/server-load, in its own process so that the pinger's
 * measure holds the server's delays only, not the load generator's: big visit
 * saves, photo uploads and failed sign-ins, each in a loop. Reads its job as
 * JSON in argv[2]; prints 'ready' once its bodies are built, then, after
 * durationS, one JSON line with the counts.
 */
import crypto from 'node:crypto';
import { buildBigVisit } from '../server/modules/visits/checklists';
import { flattenSections } from '../sync/contract/visit-data';

interface Job {
  base: string;
  inspector: string;
  manager: string;
  visits: number[];
  intervention: number;
  durationS: number;
  uploaders: number;
  signers: number;
}

const job = JSON.parse(process.argv[2]!) as Job;

/** The visit's data with an answer comment on every field, as an inspector's save sends it. */
function saveBody(visitId: number): string {
  const data = buildBigVisit(`v${visitId}`, 4_000, 5);
  for (const f of Object.values(data)
    .flatMap((form) => flattenSections(form.sections))
    .flatMap((s) => Object.values(s.fields)))
    f.comment = 'Vérifié, conforme, rien à signaler ce jour.';
  return JSON.stringify(data);
}

function multipartPhoto(seed: number): { body: Blob; type: string } {
  const data = crypto.randomBytes(4_900_000);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  data.writeUInt32BE(seed, 8);
  const boundary = `----bench${seed}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`);
  return { body: new Blob([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const bodies = new Map(job.visits.map((id) => [id, saveBody(id)]));
const photos = Array.from({ length: job.uploaders }, (_, i) => multipartPhoto(i));
console.log('ready');

const counts = { saves: 0, uploads: 0, signIns: 0, errors: 0, saveBytes: bodies.values().next().value?.length ?? 0 };
const end = performance.now() + job.durationS * 1000;
const loop = async (work: () => Promise<Response>, key: 'saves' | 'uploads' | 'signIns') => {
  while (performance.now() < end) {
    const res = await work().catch(() => null);
    if (res) await res.arrayBuffer();
    if (res && res.status < 500) counts[key]++;
    else counts.errors++;
  }
};
await Promise.all([
  ...job.visits.map((visitId) =>
    loop(
      () =>
        fetch(`${job.base}/api/visit/state/save/${visitId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${job.inspector}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: bodies.get(visitId)!,
        }),
      'saves',
    ),
  ),
  ...photos.map((photo) =>
    loop(
      () =>
        fetch(`${job.base}/api/intervention_requests/${job.intervention}/medias`, {
          method: 'POST',
          headers: { authorization: `Bearer ${job.manager}`, 'content-type': photo.type, 'idempotency-key': crypto.randomUUID() },
          body: photo.body,
        }),
      'uploads',
    ),
  ),
  ...Array.from({ length: job.signers }, () =>
    loop(
      () =>
        fetch(`${job.base}/api/authentication_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'gestionnaire2@demo.fr', password: `mauvais-${crypto.randomUUID()}` }),
        }),
      'signIns',
    ),
  ),
]);
console.log(JSON.stringify(counts));
