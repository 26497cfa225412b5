/**
 * The OS tunnel's form as data: its values, the yup schema of the
 * information + price step (spec part 1 §5: information non-empty after
 * trimming, price above 0 else 'Obligatoire'), and how values become the
 * API payload (`realEstatId` spelled so) and the preview shown before the
 * server answers. Pure, so the Node tests share the rules with the screen.
 */
import * as yup from 'yup';
import type { OsDto, OsPayload, OsPreview } from '../../../sync/index';
import { parsePrice } from '../../domain/os';
import { osTexts as t } from './texts';

export interface Named {
  id: number;
  name: string;
}

export interface OsFormValues {
  provider: Named | null;
  realEstate: (Named & { mainContact?: { id?: number } | null }) | null;
  buildings: Named[];
  businessArea: Named | null;
  type: Named | null;
  information: string;
  /** As typed ('12 500,50'); parsed with parsePrice. */
  price: string;
}

export const emptyForm: OsFormValues = { provider: null, realEstate: null, buildings: [], businessArea: null, type: null, information: '', price: '' };

export const osInformationSchema = yup.object({
  information: yup.string().test('filled', t.informationRequired, (v) => Boolean(v?.trim())),
  price: yup.string().test('positive', t.required, (v) => (parsePrice(v ?? '') ?? 0) > 0),
});

/** What is filled in, as the API's payload: a draft (a property chosen) leaves the rest null. */
export function toPayload(v: OsFormValues): OsPayload {
  const price = parsePrice(v.price);
  return {
    information: v.information.trim(),
    realEstatId: v.realEstate!.id,
    businessAreaId: v.businessArea?.id ?? null,
    buildingIdList: v.buildings.map((b) => b.id),
    contactId: v.realEstate?.mainContact?.id ?? null,
    serviceProviderCompanyId: v.provider?.id ?? null,
    typeId: v.type?.id ?? null,
    price: price !== null && price > 0 ? price : null,
  };
}

export function toPreview(v: OsFormValues): OsPreview {
  const pick = (n: Named | null) => (n ? { id: n.id, name: n.name } : null);
  return {
    realEstate: { id: v.realEstate!.id, name: v.realEstate!.name },
    buildings: v.buildings.map((b) => ({ id: b.id, name: b.name })),
    businessArea: pick(v.businessArea),
    requestType: pick(v.type),
    serviceProviderCompany: pick(v.provider),
  };
}

/** An OS opened again in the tunnel (a draft, or a request being completed): its values. */
export function fromOs(os: OsDto): OsFormValues {
  return {
    provider: os.serviceProviderCompany ? { id: os.serviceProviderCompany.id, name: os.serviceProviderCompany.name } : null,
    realEstate: { id: os.realEstate.id, name: os.realEstate.name },
    buildings: os.buildings ?? [],
    businessArea: os.businessArea,
    type: os.requestType,
    information: os.information ?? '',
    price: os.price ? String(os.price).replace('.', ',') : '',
  };
}
