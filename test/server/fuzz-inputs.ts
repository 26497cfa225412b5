/**
 * The hostile inputs the fuzz test sends to every route (issue 13): wrong
 * types, huge sizes, odd encodings, prototype keys, overflow numbers,
 * malformed bodies and multipart. Kept apart from the walk so that adding an
 * input is one line here.
 */

/** Values for path parameters, already URL-encoded where needed. */
export const PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1e308',
  '99999999999999999999',
  '%00',
  '%C3%A9%FF',
  '__proto__',
  'constructor',
  '1'.repeat(95),
  '..%2F..%2Fetc',
  '%2e%2e',
];

/** Every query parameter a route of the API reads, so that one query string reaches them all. */
const QUERY_NAMES = [
  'page',
  'itemsPerPage',
  'numberPerPage',
  'realEstate',
  'requestedBy',
  'place',
  'places',
  'number',
  'interventionRequest',
  'workValidationRequest',
  'objectId',
  'workflow',
  'status',
  'order[id]',
  'order[date]',
  'order[dateEnd]',
  'date[after]',
  'date[before]',
  'email',
  'code',
  'assignedToUser',
  'name',
];
const every = (value: string) => QUERY_NAMES.map((n) => `${encodeURIComponent(n)}=${value}`).join('&');

export const QUERIES = [
  every('1e300'),
  every('1e308'),
  every('-1'),
  every('abc'),
  every(`${'9'.repeat(5000)}x`),
  every('__proto__'),
  every('%FF%FE%00'),
  every(''),
  QUERY_NAMES.map((n) => `${encodeURIComponent(n)}[]=1&${encodeURIComponent(n)}[]=2`).join('&'),
  '__proto__[admin]=1&constructor[prototype][x]=1&page=1&page=2',
  every(encodeURIComponent(`/api/intervention_requests/${'1'.repeat(30)}`)),
];

/** Keys that JSON bodies of the API use, set all at once to one hostile value. */
const BODY_KEYS = [
  'id',
  'email',
  'username',
  'password',
  'refresh_token',
  'code',
  'firstname',
  'lastname',
  'gsm',
  'company',
  'real_estate',
  'message',
  'name',
  'mainContact',
  'information',
  'realEstatId',
  'businessAreaId',
  'buildingIdList',
  'equipmentIdList',
  'contactId',
  'serviceProviderCompanyId',
  'typeId',
  'price',
  'messageText',
  'interventionRequest',
  'workValidationRequest',
  'objectId',
  'stepCode',
  'workflowCode',
  'date',
  'dateEnd',
  'dateBegin',
  'interventionRequestId',
  'appointmentVisitorsId',
  'appointmentId',
  'status',
  'reason',
  'globalRate',
  'requestType',
  'realEstate',
  'echoparkMainCommunityId',
  'requestTypeId',
  'domainTreeId',
  'domaineTreeId',
  'realEstateId',
  'requestId',
  'step',
  'groupe',
  'recipientRoleId',
  'recipientGroupId',
  'etape',
  'begin_at',
  'end_at',
  'comment',
  'done',
  'form',
];
const allKeys = (value: unknown) => Object.fromEntries(BODY_KEYS.map((k) => [k, value]));
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

export interface RawBody {
  label: string;
  payload: string | Buffer;
  contentType: string;
}

const json = (label: string, payload: string | Buffer): RawBody => ({ label, payload, contentType: 'application/json' });

export const BODIES: RawBody[] = [
  json('bad json', '{"a": '),
  json('empty', ''),
  json('array', '[]'),
  json('null', 'null'),
  json('string', '"texte"'),
  json('number', '1e308'),
  json('empty object', '{}'),
  json('__proto__', '{"__proto__":{"admin":true},"information":"x"}'),
  json('constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'),
  json('constructor key', JSON.stringify({ constructor: { sections: {} }, toString: 1, hasOwnProperty: 'x', valueOf: [] })),
  json('all 1e308', JSON.stringify(allKeys(1e308)).replaceAll('1e+308', '1e308')),
  json('all -1e308', JSON.stringify(allKeys(-1e308))),
  json('all 1e300', JSON.stringify(allKeys(1e300))),
  json('all huge text', JSON.stringify(allKeys('é'.repeat(20_000)))),
  json('all objects', JSON.stringify(allKeys({ a: { b: { c: [1, 2, 3] } }, sections: { s: { fields: {} } } }))),
  json('all arrays', JSON.stringify(allKeys(Array.from({ length: 300 }, (_, i) => i)))),
  json('all booleans', JSON.stringify(allKeys(true))),
  json('all nulls', JSON.stringify(allKeys(null))),
  json('all empty', JSON.stringify(allKeys(''))),
  json('all IRIs', JSON.stringify(allKeys(`/api/x/${'1'.repeat(60)}`))),
  json('deep nesting', deep(5000)),
  json('invalid utf-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])),
  json('1.5 MB', JSON.stringify({ information: 'x'.repeat(1_500_000) })),
  // Just past the bounds of issue 21: message and value length, values per field, copies of a section.
  json('all 5,001 characters', JSON.stringify(allKeys('x'.repeat(5_001)))),
  json('all 51 values', JSON.stringify(allKeys(Array.from({ length: 51 }, () => 'x'.repeat(100))))),
  json(
    '600 sections',
    JSON.stringify(allKeys({ sections: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`s${i}`, { fields: {}, sections: {} }])) })),
  ),
  { label: 'xml', payload: '<a>1</a>', contentType: 'application/xml' },
  { label: 'text', payload: 'bonjour', contentType: 'text/plain' },
  { label: 'ld+json bad', payload: '{"@id": ', contentType: 'application/ld+json' },
  { label: 'merge-patch proto', payload: '{"__proto__":{"x":1}}', contentType: 'application/merge-patch+json' },
  { label: 'form-urlencoded', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
];

const BOUNDARY = 'fuzzBoundary';
const part = (headers: string, body: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${body}\r\n`;
const multipartBody = (label: string, payload: string, boundary = BOUNDARY): RawBody => ({
  label,
  payload,
  contentType: `multipart/form-data; boundary=${boundary}`,
});

export const MULTIPARTS: RawBody[] = [
  multipartBody('truncated', `${part('Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png', '\x89PNG')}`.slice(0, 80)),
  multipartBody('no closing boundary', part('Content-Disposition: form-data; name="file"; filename="a.png"', 'abc')),
  multipartBody('wrong boundary', `--autre\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--autre--\r\n`),
  { label: 'no boundary', payload: 'abc', contentType: 'multipart/form-data' },
  multipartBody(
    'prototype field',
    `${part('Content-Disposition: form-data; name="__proto__"', 'x')}${part('Content-Disposition: form-data; name="constructor"', 'y')}--${BOUNDARY}--\r\n`,
  ),
  multipartBody('huge field', `${part('Content-Disposition: form-data; name="name"', 'x'.repeat(20_000))}--${BOUNDARY}--\r\n`),
  multipartBody('many parts', `${Array.from({ length: 40 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')).join('')}--${BOUNDARY}--\r\n`),
  multipartBody(
    'two files',
    `${part('Content-Disposition: form-data; name="file"; filename="a.png"', 'GIF89a')}${part('Content-Disposition: form-data; name="file"; filename="b.png"', 'GIF89a')}--${BOUNDARY}--\r\n`,
  ),
  multipartBody('empty', ''),
  multipartBody('bad headers', `--${BOUNDARY}\r\n${'X'.repeat(20_000)}\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`),
];

/** Headers a client does not choose on purpose. */
export const HEADERS: Record<string, string>[] = [
  { 'idempotency-key': 'k'.repeat(500) },
  { authorization: `Bearer ${'a'.repeat(10_000)}` },
  { authorization: 'Bearer e30.e30.' },
  { accept: 'application/ld+json; q=;;', 'accept-encoding': 'gzip, br, zstd, *;q=abc' },
];

/** Paths no route has, with odd encodings. */
export const ODD_PATHS = [
  '/api/%2e%2e/%2e%2e/etc/passwd',
  '/api/requests/%',
  '/api//',
  '/%61pi/%61pi',
  '/api/visit/state/%2F/1',
  `/api/${'a'.repeat(3000)}`,
  '/api/real_estates/1%00.json',
];
