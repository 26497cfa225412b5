/**
 * Invariants of the seeded echopark world, read through the API as its three
 * users: about 15 requests, every step and every message type present, the
 * progress form with all 12 field types, photos that are real PNGs, debriefings,
 * memberships and main communities set, dates placed around "now".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { FORM_FIELD_TYPES, type EchoparkDetail, type EchoparkListItem } from '../../sync/contract/echopark';

const NOW = new Date('2025-06-16T09:00:00Z');
let api: TestApi;
let details: EchoparkDetail[];

/** Every request a user can see: the current community's list, in each of its communities. */
async function allDetails(): Promise<EchoparkDetail[]> {
  const seen = new Map<number, EchoparkDetail>();
  for (const as of ['echopark@demo.fr', 'echopark.sud@demo.fr']) {
    const me = (await api.call('GET', '/api/echopark/user/me/part', { as })).body;
    const userId = (await api.call('GET', '/api/personal/data/0', { as })).body.id;
    for (const community of me.communitiesIds) {
      await api.call('PUT', `/api/users/${userId}`, { as, body: { echoparkMainCommunityId: community.id } });
      const items = (await api.call('GET', '/api/echopark/requests/0', { as })).body as EchoparkListItem[];
      for (const item of items) seen.set(item.id, (await api.call('GET', `/api/echopark/requests/${item.id}/details`, { as })).body);
    }
    await api.call('PUT', `/api/users/${userId}`, { as, body: { echoparkMainCommunityId: me.current.id } });
  }
  return [...seen.values()];
}

beforeAll(async () => {
  api = await startTestApi({}, NOW);
  details = await allDetails();
});
afterAll(() => api.close());

describe('seeded echopark world', () => {
  it('has about 15 requests in three communities, with every step of the workflow', () => {
    expect(details.length).toBeGreaterThanOrEqual(15);
    expect(new Set(details.map((d) => d.communityId)).size).toBe(3);
    const steps = new Set(details.map((d) => d.step.name));
    for (const name of [
      'Nouvelle demande',
      'En qualification',
      'Transmise au prestataire',
      'Intervention en cours',
      'Intervention réalisée',
      'Clôturée',
      'Rejetée',
    ]) {
      expect(steps.has(name), name).toBe(true);
    }
    expect(new Set(details.map((d) => d.domain.requestTypeName))).toEqual(new Set(['Propreté', 'Stationnement', 'Éclairage', 'Espaces verts']));
  });

  it('has messages of every type, each request starting with its creation (type 0)', () => {
    const types = new Set(details.flatMap((d) => d.messages.map((m) => m.messageType)));
    expect([...types].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 12]);
    for (const d of details) {
      const oldest = d.messages[d.messages.length - 1]!;
      expect(oldest.messageType).toBe(0);
      expect(oldest.message).toBe(d.message);
      expect(d.messages.filter((m) => m.messageType === 12).length).toBe(d.closed);
    }
  });

  it('has a progress form whose fields cover the 12 types, some obligatoire, one disabled, with saved answers', () => {
    const withForm = details.filter((d) => d.form);
    expect(withForm.length).toBeGreaterThan(0);
    const fields = withForm[0]!.form!.groups.flatMap((g) => g.fields);
    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(FORM_FIELD_TYPES));
    expect(fields.filter((f) => f.config.obligatoire === 1).length).toBeGreaterThanOrEqual(3);
    expect(fields.some((f) => f.disabled)).toBe(true);
    for (const f of fields.filter((x) => x.type === 'combo' || x.type === 'list')) expect(f.choices.length).toBeGreaterThan(1);
    const answered = withForm.filter((d) => d.form!.groups.flatMap((g) => g.fields).some((f) => f.value !== null));
    expect(answered.length).toBeGreaterThan(0);
    const upload = answered[0]!.form!.groups.flatMap((g) => g.fields).find((f) => f.type === 'upload')!;
    expect(answered[0]!.pictures.map((p) => p.id)).toContain(upload.value);
  });

  it('has real PNG photos, debriefings and both availability flags', () => {
    const pictures = details.flatMap((d) => d.pictures);
    expect(pictures.length).toBeGreaterThanOrEqual(10);
    for (const p of pictures)
      expect(
        Buffer.from(p.b64, 'base64')
          .subarray(0, 8)
          .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      ).toBe(true);
    const debriefs = details.flatMap((d) => d.debriefings);
    expect(debriefs.some((x) => x.done)).toBe(true);
    expect(debriefs.some((x) => !x.done)).toBe(true);
    expect(details.some((d) => d.debriefing_available === 1)).toBe(true);
    expect(details.some((d) => d.canMessage === 0)).toBe(true);
  });

  it('places every date around now, history after creation', () => {
    for (const d of details) {
      expect(Date.parse(d.createdAt)).toBeLessThan(NOW.getTime());
      expect(Date.parse(d.createdAt)).toBeGreaterThan(NOW.getTime() - 40 * 86_400_000);
      expect(d.modifiedAt >= d.createdAt).toBe(true);
      expect(d.modifiedAt <= NOW.toISOString()).toBe(true);
      for (const m of d.messages) expect(m.createdAt >= d.createdAt && m.createdAt <= d.modifiedAt).toBe(true);
      expect(d.number.startsWith('EP-2025-')).toBe(true);
    }
  });

  it('puts echopark@demo.fr and admin@demo.fr in Lyon and Grand Ouest with a main community', async () => {
    for (const as of ['echopark@demo.fr', 'admin@demo.fr']) {
      const me = (await api.call('GET', '/api/echopark/user/me/part', { as })).body;
      expect(me.communitiesIds.map((c: { name: string }) => c.name).sort()).toEqual(['Communauté Grand Ouest', 'Communauté Lyon Métropole']);
      expect(me.echoparkMainCommunityId).toBe(me.current.id);
      expect((await api.call('GET', '/api/personal/data/0', { as })).body.echoparkMainCommunityId).toBe(me.current.id);
    }
  });
});
