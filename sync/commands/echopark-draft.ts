/**
 * What the echopark creation tunnel's draft holds (one per request being
 * created, kept in the engine's drafts kit: sync/drafts/kit.ts), so that a
 * request half typed in a basement survives a reload, a crash or a closed
 * tab; its photos wait in the blob store with it. Earlier versions kept one
 * device-only slot under LEGACY_ECHOPARK_DRAFT: the module adopts it once.
 */
export const LEGACY_ECHOPARK_DRAFT = 'echopark:draft';

export interface EchoparkDraft {
  /** The community it was started in: the tree and types differ in another one. */
  communityId: number | null;
  step: number;
  typeId: string | null;
  propertyId: number | null;
  domainId: number | null;
  message: string;
  /** Blob-store ids of the picked photos. */
  photos: { id: string; name: string; type: string; size: number }[];
}

export const emptyDraft = (communityId: number | null): EchoparkDraft => ({
  communityId,
  step: 0,
  typeId: null,
  propertyId: null,
  domainId: null,
  message: '',
  photos: [],
});

export const isBlankDraft = (d: EchoparkDraft) =>
  d.typeId === null && d.propertyId === null && d.domainId === null && d.message.trim() === '' && d.photos.length === 0;
