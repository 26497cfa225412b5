/**
 * The progress form's upload field with a photo taken on the device (issue
 * 19): a required upload field is satisfied by a new photo's reference
 * (newPhotoRef) as well as by a photo of the request, the reference goes
 * into the push payload as it is (the outbox rewrites it with the photo's
 * server id), and anything else is still refused with the contract's text.
 */
import { describe, expect, it } from 'vitest';
import { newPhotoRef, type EchoparkForm } from '../../sync/index';
import { formPayload, progressFormSchema } from '../../src/domain/echopark';

const form: EchoparkForm = {
  id: 3,
  label: 'Suivi',
  groups: [
    {
      id: 1,
      label: 'Constat',
      formFieldsetEntity: 1,
      fields: [
        {
          id: 4,
          label: 'Photo du constat',
          key: 'constat_photo',
          type: 'upload',
          choices: [],
          disabled: false,
          config: { obligatoire: 1 },
          fieldsetFieldEntity: 4,
          value: null,
        },
      ],
    },
  ],
};

const errorOf = async (value: string) =>
  progressFormSchema(form)
    .validate({ f4: value })
    .then(() => null)
    .catch((e: Error) => e.message);

describe('upload field with a new photo', () => {
  it('a required upload field is satisfied by a photo taken on the device, as by a photo of the request', async () => {
    expect(await errorOf('')).toBe('Le champ « Photo du constat » est obligatoire.');
    expect(await errorOf(newPhotoRef('3f2a'))).toBeNull();
    expect(await errorOf('12')).toBeNull();
    expect(await errorOf('tmp-autre-chose')).toBe('Le champ « Photo du constat » doit désigner une photo de la demande.');
  });

  it('puts the reference in the payload for the outbox to rewrite, and a photo of the request as its id', () => {
    const value = (v: string) => formPayload(form, { f4: v }, '7', 4).form.groups![0]!.fields![0]!.value;
    expect(value(newPhotoRef('3f2a'))).toBe('tmp-photo-3f2a');
    expect(value('12')).toBe(12);
  });
});
