/**
 * The echopark tunnel's form as data (formik + yup, like the other tunnels):
 * its values, and each step's yup schema saying what it lacks, in the
 * spec's French (spec part 2 §2.1: a type, a property, a domain of the type,
 * photos optional, a message).
 */
import * as yup from 'yup';
import type { EchoparkProperty } from '../../../sync/index';
import type { PickedImage } from '../../ui/image-picker';
import { t } from './texts';

export interface TunnelValues {
  typeId: string | null;
  property: EchoparkProperty | null;
  domainId: number | null;
  message: string;
  images: PickedImage[];
}

export const emptyTunnel: TunnelValues = { typeId: null, property: null, domainId: null, message: '', images: [] };

/** The schema of step `step` (0 type, 1 property, 2 domain, 3 photos, 4 message); `domainIds` are the chosen type's domains. */
export function tunnelStepSchema(step: number, domainIds: readonly number[]) {
  switch (step) {
    case 0:
      return yup.object({ typeId: yup.string().nullable().required(t.chooseType) });
    case 1:
      return yup.object({ property: yup.mixed<EchoparkProperty>().nullable().required(t.chooseProperty) });
    case 2:
      return yup.object({
        domainId: yup
          .number()
          .nullable()
          .test('of-type', t.chooseDomain, (v) => v !== null && v !== undefined && domainIds.includes(v)),
      });
    case 4:
      return yup.object({ message: yup.string().test('filled', t.messageRequired, (v) => Boolean(v?.trim())) });
    default:
      return yup.object({});
  }
}

/** The field each step checks (its error is the one the step shows). */
export const STEP_FIELDS: readonly (keyof TunnelValues | null)[] = ['typeId', 'property', 'domainId', null, 'message'];
