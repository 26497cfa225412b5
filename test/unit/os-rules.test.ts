/** What the OS screens show and allow (spec part 1 §3, §4, §5, §9), without a browser. */
import { describe, expect, it } from 'vitest';
import type { OsDashboard } from '../../sync/index';
import { followUp, mayEdit, osAction, osDashboardLines, osPlacesOf, parseOsFilter, parsePrice } from '../../src/domain/os';
import { formatPrice } from '../../src/domain/format';
import { emptyForm, fromOs, osInformationSchema, toPayload } from '../../src/features/os/os-form';
import { isCompleteOs } from '../../sync/rules';

const none: OsDashboard = {
  countPurchaseOrderDT: 0,
  countPurchaseOrderDP: 0,
  countSignN1: 0,
  countSignN2: 0,
  countCompleteWorkValidationRequest: 0,
  countCreateOS: 0,
  countSendOS: 0,
  canPurchaseOrderDT: false,
  canPurchaseOrderDP: false,
  canSignN1: false,
  canSignN2: false,
  canCompleteWorkValidationRequest: false,
  canCreateOS: false,
  canSendOS: false,
  canCreateWorkValidationRequest: false,
};

describe('OS list filters', () => {
  it('maps chips 1–7 to the places of the spec', () => {
    expect(osPlacesOf(1)).toHaveLength(10);
    expect(osPlacesOf(2)).toEqual(['request_init', 'request_completion']);
    expect(osPlacesOf(3)).toEqual(['purchase_order_dp', 'purchase_order_dt']);
    expect(osPlacesOf(4)).toEqual(['os_creation']);
    expect(osPlacesOf(5)).toEqual(['n1_signature', 'n2_signature']);
    expect(osPlacesOf(6)).toEqual(['request_intervention_provider']);
    expect(osPlacesOf(7)).toEqual(['closed']);
  });
  it('falls back to 1 for a missing or unknown status', () => {
    expect(parseOsFilter(undefined)).toBe(1);
    expect(parseOsFilter('8')).toBe(1);
    expect(parseOsFilter('x')).toBe(1);
    expect(parseOsFilter('5')).toBe(5);
  });
});

describe('OS path by price', () => {
  it('takes the short path up to 10000 inclusive, the long one above', () => {
    expect(followUp('request_init', 10_000).map((s) => s.place)).toEqual([
      'request_init',
      'request_completion',
      'os_creation',
      'n1_signature',
      'request_intervention_provider',
    ]);
    expect(followUp('request_init', 10_000.01).map((s) => s.place)).toEqual([
      'request_init',
      'request_completion',
      'purchase_order_dp',
      'purchase_order_dt',
      'os_creation',
      'n1_signature',
      'n2_signature',
      'request_intervention_provider',
    ]);
  });
  it('marks the steps before the current one done, with the role under each', () => {
    const bar = followUp('os_creation', 8000);
    expect(bar.map((s) => s.state)).toEqual(['done', 'done', 'current', 'todo', 'todo']);
    expect(bar.map((s) => s.role)).toEqual(['GT', 'GL', 'AT', 'GT', 'AT']);
    expect(followUp('closed', 25_000).every((s) => s.state === 'done')).toBe(true);
    expect(followUp('start', 25_000).every((s) => s.state === 'todo')).toBe(true);
  });
});

describe('OS actions by place and can-flag', () => {
  it('offers the single advance button only with the matching flag, to the next step', () => {
    expect(osAction('request_completion', 8000, none)).toBeNull();
    expect(osAction('request_completion', 8000, { ...none, canCompleteWorkValidationRequest: true })).toEqual({
      kind: 'advance',
      code: 'os_creation',
      target: 'os_creation',
    });
    expect(osAction('request_completion', 25_000, { ...none, canCompleteWorkValidationRequest: true })).toMatchObject({ code: 'purchase_order_dp' });
    expect(osAction('os_creation', 8000, { ...none, canCreateOS: true })).toMatchObject({ kind: 'advance', code: 'n1_signature' });
    expect(osAction('request_intervention_provider', 8000, { ...none, canSendOS: true })).toMatchObject({ kind: 'advance', code: 'closed' });
    // The server's next_step wins; an empty one means no button.
    expect(osAction('os_creation', 8000, { ...none, canCreateOS: true }, [])).toBeNull();
  });
  it('offers accept and refuse at signatures and purchase orders, refusal back to completion', () => {
    expect(osAction('n1_signature', 8000, { ...none, canSignN1: true })).toEqual({
      kind: 'decide',
      accept: 'n1_signature_validated',
      refuse: 'n1_signature_refused',
      acceptTarget: 'request_intervention_provider',
      refuseTarget: 'request_completion',
    });
    expect(osAction('n1_signature', 25_000, { ...none, canSignN1: true })).toMatchObject({ acceptTarget: 'n2_signature' });
    expect(osAction('purchase_order_dt', 25_000, { ...none, canPurchaseOrderDT: true })).toMatchObject({
      acceptTarget: 'os_creation',
      refuseTarget: 'request_completion',
    });
    expect(osAction('purchase_order_dp', 25_000, { ...none, canPurchaseOrderDT: true })).toBeNull();
    expect(osAction('n2_signature', 25_000, { ...none, canSignN1: true })).toBeNull();
    expect(osAction('closed', 25_000, { ...none, canSendOS: true })).toBeNull();
  });
  it('lets the tunnel reopen drafts and completion only with the matching flag', () => {
    expect(mayEdit('request_init', { ...none, canCreateWorkValidationRequest: true })).toBe(true);
    expect(mayEdit('request_completion', { ...none, canCompleteWorkValidationRequest: true })).toBe(true);
    expect(mayEdit('request_completion', { ...none, canCreateWorkValidationRequest: true })).toBe(false);
    expect(mayEdit('os_creation', { ...none, canCreateOS: true })).toBe(false);
    // A draft (start) is completed by whoever may create OS.
    expect(mayEdit('start', { ...none, canCreateWorkValidationRequest: true })).toBe(true);
    expect(mayEdit('start', { ...none, canCompleteWorkValidationRequest: true })).toBe(false);
  });
});

describe('OS dashboard lines', () => {
  it('shows a line only when its flag is set and its count is above 0, and totals them', () => {
    const d = { ...none, countPurchaseOrderDP: 2, countPurchaseOrderDT: 3, canPurchaseOrderDT: true, countSignN1: 4, canSignN1: true, countSendOS: 5 };
    expect(osDashboardLines(d)).toEqual({
      total: 7,
      lines: [
        { label: 'Bons de commande en attente', count: 3, filter: 3 },
        { label: 'Signatures en attente', count: 4, filter: 5 },
      ],
    });
    expect(osDashboardLines({ ...none, canSendOS: true })).toEqual({ total: 0, lines: [] });
  });
});

describe('OS price', () => {
  it('parses French and plain amounts', () => {
    expect(parsePrice('12 500,50')).toBe(12_500.5);
    expect(parsePrice('12\u00a0500,00 €')).toBe(12_500);
    expect(parsePrice('8000')).toBe(8000);
    expect(parsePrice('1250.555')).toBe(1250.56);
    expect(parsePrice('douze')).toBeNull();
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('1,2,3')).toBeNull();
  });
  it('formats with a comma, grouped thousands, two decimals and the euro sign', () => {
    expect(formatPrice(12_500).replace(/\u00a0/g, ' ')).toBe('12 500,00 €');
    expect(formatPrice(850.5).replace(/\u00a0/g, ' ')).toBe('850,50 €');
  });
  it("requires a price above 0 ('Obligatoire') and the information", async () => {
    const errors = async (values: object) =>
      osInformationSchema.validate(values, { abortEarly: false }).then(
        () => [],
        (e: { errors: string[] }) => e.errors,
      );
    expect(await errors({ information: 'Fuite', price: '0' })).toEqual(['Obligatoire']);
    expect(await errors({ information: 'Fuite', price: '' })).toEqual(['Obligatoire']);
    expect(await errors({ information: '  ', price: '12 500' })).toEqual(["Merci de compléter les informations relatives à votre demande d'intervention."]);
    expect(await errors({ information: 'Fuite', price: '12 500,50' })).toEqual([]);
  });
});

describe('OS form to payload', () => {
  const full = {
    ...emptyForm,
    provider: { id: 4, name: 'Technis' },
    realEstate: { id: 2, name: 'Tour', mainContact: { id: 9 } },
    buildings: [{ id: 5, name: 'A' }],
    businessArea: { id: 7, name: 'Plomberie' },
    type: { id: 1, name: 'Dépannage' },
    information: ' Fuite ',
    price: '12 500,50',
  };
  it('sends the API names (realEstatId spelled so) and the price as a number', () => {
    expect(toPayload(full)).toEqual({
      information: 'Fuite',
      realEstatId: 2,
      businessAreaId: 7,
      buildingIdList: [5],
      contactId: 9,
      serviceProviderCompanyId: 4,
      typeId: 1,
      price: 12_500.5,
    });
  });
  it('a draft with only its property is a payload too, the rest null; it is a request once provider, trade, type and price are there', () => {
    const draft = toPayload({ ...emptyForm, realEstate: full.realEstate });
    expect(draft).toEqual({
      information: '',
      realEstatId: 2,
      businessAreaId: null,
      buildingIdList: [],
      contactId: 9,
      serviceProviderCompanyId: null,
      typeId: null,
      price: null,
    });
    expect(isCompleteOs(draft)).toBe(false);
    expect(isCompleteOs(toPayload(full))).toBe(true);
    expect(isCompleteOs(toPayload({ ...full, type: null }))).toBe(false);
    expect(isCompleteOs(toPayload({ ...full, price: '0' }))).toBe(false);
  });
  it('reopens an OS with its values, the price in French', () => {
    const values = fromOs({
      id: 3,
      number: 'OS-1',
      place: 'request_init',
      price: 1250.5,
      information: 'x',
      createdAt: '',
      realEstate: { id: 2, name: 'Tour' },
      buildings: [{ id: 5, name: 'A' }],
      businessArea: { id: 7, name: 'P' },
      requestType: { id: 1, name: 'D' },
      serviceProviderCompany: { id: 4, name: 'T' },
      ownerCompany: null,
      contact: null,
      requestedBy: null,
      medias: [],
    });
    expect(values.price).toBe('1250,5');
    expect(toPayload(values)).toMatchObject({ realEstatId: 2, buildingIdList: [5], contactId: null, price: 1250.5 });
  });
});
