import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@medallion/contracts/messages';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';

/**
 * Fuzzing every operation of the app's OpenAPI document with bad input: control characters, 1 MB
 * strings, wrong types, negative and huge numbers, __proto__ / constructor keys, malformed JSON, in path
 * params, query strings and bodies, anonymously, as a user and as staff. Nothing a client sends may
 * give a 5xx. The operations and their inputs come from the document, so a new route is fuzzed without
 * touching this file. Each operation gets the whole list from the least privileged caller it admits
 * (an anonymous caller of a signed-in route only meets the 401) and one request per kind of input from
 * the others, which keeps the run to about 2,500 requests (20 s on PGlite).
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
  $ref?: string;
}

interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/listing/{listing_id}. */
  path: string;
  pathParams: string[];
  query: string[];
  /** The JSON body's variants (one per oneOf branch), or none without a body. */
  bodies: JsonSchema[];
}

interface Caller {
  name: 'anonymous' | 'user' | 'staff';
  headers: Record<string, string>;
}

interface Case {
  caller: Caller;
  operation: Operation;
  /** What was bad, for the failure message. */
  input: string;
  request: InjectOptions;
}

const SIGN_OUT = '/api/auth/sign-out';
const ONE_MB = 1024 * 1024;
const HUGE = 'x'.repeat(ONE_MB);
/** Fits the 1 MB body limit with the rest of a body, so it reaches validation. */
const LARGE = 'x'.repeat(ONE_MB - 16 * 1024);

/**
 * Bad values for a JSON body field, as raw JSON text (some, like 1e999 or a __proto__ key, have no JS
 * value that JSON.stringify writes), by the field's type: a text gets control characters and 1 MB, a
 * number gets negative, unsafe and infinite ones, and every field gets the wrong types.
 */
const WRONG_TYPES = ['null', '{}', '{"__proto__":{"polluted":true}}'];
const BAD_JSON: Record<'string' | 'number' | 'other', string[]> = {
  string: [JSON.stringify('\u0000'), JSON.stringify('fuzz\u0000\u0001\u001b\u007f\u0085\u009ffuzz'), '"a\\ud800b"', `"${LARGE}"`, ...WRONG_TYPES],
  number: ['-1', '-9007199254740993', '1e999', '-1e999', '1.5', JSON.stringify('1\u0000'), ...WRONG_TYPES],
  other: [JSON.stringify('fuzz\u0000'), '1e999', '[[[[[]]]]]', ...WRONG_TYPES],
};
/** What the other callers get in every field at once. */
const FEW_JSON = [JSON.stringify('fuzz\u0000fuzz')];

/** Bad values for a query or path parameter, already URL-encoded. */
const BAD_URL = [
  '%00',
  'fuzz%00%01%1B%7F%C2%85fuzz',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '-1',
  '99999999999999999999999999',
  '1e999',
  '__proto__',
  '..%2F..%2Fetc%2Fpasswd',
];

/** Whole bodies: malformed JSON, wrong top-level types, prototype keys, over the limit. */
const BAD_BODIES: Array<{ input: string; payload: string; contentType?: string }> = [
  { input: 'truncated JSON', payload: '{"a":' },
  { input: 'JSON with a trailing comma', payload: '{"a":1,}' },
  { input: 'a NUL byte as the body', payload: '\u0000' },
  { input: 'an empty JSON body', payload: '' },
  { input: 'a JSON array', payload: '[]' },
  { input: 'JSON null', payload: 'null' },
  { input: 'a JSON string', payload: '"x"' },
  { input: 'a JSON number', payload: '123' },
  { input: '__proto__ key', payload: '{"__proto__":{"polluted":true}}' },
  { input: 'constructor.prototype key', payload: '{"constructor":{"prototype":{"polluted":true}}}' },
  { input: 'a body over 1 MB', payload: `{"a":"${HUGE}"}` },
  { input: 'text/plain body', payload: 'hello', contentType: 'text/plain' },
  { input: 'JSON labeled text/plain', payload: '{"a":1}', contentType: 'text/plain' },
  { input: 'form-encoded body', payload: 'a=%00', contentType: 'application/x-www-form-urlencoded' },
];

/** Prototype keys and other shapes in the query string itself. */
const BAD_QUERIES = ['__proto__=x', '__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'a[]=1&a[]=2'];

/** Cookie-carrying state changes check Origin and Referer (plugins/auth.ts). */
const BAD_ORIGINS: Array<Record<string, string>> = [
  { referer: '::::' },
  { referer: 'http://[' },
  { origin: '::::' },
  { origin: 'null' },
  { origin: 'http://[' },
];

const STRING_EXAMPLES = ['fuzz', '123456', '10001', 'NY', '(212) 555-0100', 'ABC123', 'Fuzz1234x', '4242424242424242', '12', '1'];

function resolve(doc: OpenApi, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(doc, doc.components?.schemas?.[name] ?? {});
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A plausible value for a schema, so that one bad field at a time gets past the others. */
function sample(doc: OpenApi, raw: JsonSchema, name = ''): unknown {
  const schema = resolve(doc, raw);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const option = schema.oneOf?.[0] ?? schema.anyOf?.find((s) => typeOf(s) !== 'null') ?? schema.allOf?.[0];
  if (option) return sample(doc, option, name);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(doc, s, key)]));
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 1);
      return Array.from({ length: count }, () => sample(doc, schema.items ?? {}, name));
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
  if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (schema.format === 'uri' || /url/i.test(name)) return 'https://example.com/fuzz';
  const fits = (v: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(v)) && v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity);
  const example = STRING_EXAMPLES.find(fits);
  if (example) return example;
  return 'fuzz'.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? Infinity);
}

type FieldPath = Array<string | number>;

/** Every field of a sample body (objects, arrays and their leaves), with its schema. */
function fieldsOf(doc: OpenApi, raw: JsonSchema, value: unknown, path: FieldPath = []): Array<{ path: FieldPath; schema: JsonSchema }> {
  const schema = resolve(doc, raw);
  const here = path.length > 0 ? [{ path, schema }] : [];
  if (Array.isArray(value) && value.length > 0) {
    return [...here, ...fieldsOf(doc, schema.items ?? {}, value[0], [...path, 0])];
  }
  if (value && typeof value === 'object') {
    const properties = schema.properties ?? resolve(doc, schema.oneOf?.[0] ?? schema.anyOf?.find((s) => typeOf(s) !== 'null') ?? {}).properties ?? {};
    return [...here, ...Object.entries(properties).flatMap(([key, s]) => fieldsOf(doc, s, (value as Record<string, unknown>)[key], [...path, key]))];
  }
  return here;
}

const MARK = '\u{10FFFF}fuzz-mark';

/** The body's JSON text with the fields at `paths` replaced by raw JSON text. */
function bodyWith(base: unknown, paths: FieldPath[], rawJson: string): string {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  for (const path of paths) {
    let parent = copy;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    parent[path.at(-1)!] = MARK;
  }
  return JSON.stringify(copy).replaceAll(JSON.stringify(MARK), () => rawJson);
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): Operation => {
      const body = op.requestBody?.content?.['application/json']?.schema;
      const resolved = body ? resolve(doc, body) : undefined;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodies: resolved ? (resolved.oneOf ?? [resolved]) : [],
      };
    }),
  );
}

/** Path params that pass validation (Fastify checks params before the body, so a bad one would hide the body's problems). */
function sampleParams(doc: OpenApi, op: Operation): Record<string, string> {
  const parameters = doc.paths[op.path]![op.method.toLowerCase()]!.parameters ?? [];
  return Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(doc, p.schema, p.name))]));
}

function urlOf(op: Operation, params: Record<string, string>, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'fuzz');
  return query ? `${path}?${query}` : path;
}

/**
 * The requests for one operation and caller: with `full`, each bad value in each path param, query
 * param and body field in turn (the others keep plausible values) and each bad whole body; otherwise
 * one request with a NUL in every param, one with a NUL in every body field, and one malformed body.
 */
function cases(doc: OpenApi, op: Operation, caller: Caller, full: boolean): Case[] {
  const request = (input: string, url: string, payload?: string, contentType = 'application/json'): Case => ({
    caller,
    operation: op,
    input,
    request: {
      method: op.method as InjectOptions['method'],
      url,
      ...(payload === undefined ? { headers: caller.headers } : { payload, headers: { ...caller.headers, 'content-type': contentType } }),
    },
  });
  const params = sampleParams(doc, op);
  const bodies = op.bodies.map((schema) => ({ schema, value: sample(doc, schema), fields: fieldsOf(doc, schema, sample(doc, schema)) }));
  const validBody = bodies[0] ? JSON.stringify(bodies[0].value) : undefined;
  const variant = (i: number) => (bodies.length > 1 ? ` (variant ${i + 1})` : '');
  // GET and HEAD bodies are not read.
  const bodyless = op.method === 'GET' || op.method === 'HEAD';
  const out: Case[] = [];

  if (!full) {
    const nul = 'fuzz%00fuzz';
    if (op.pathParams.length > 0) {
      out.push(request('NUL in every path param', urlOf(op, Object.fromEntries(op.pathParams.map((p) => [p, nul]))), validBody));
    }
    if (op.query.length > 0) {
      out.push(request('NUL in every query param', urlOf(op, params, op.query.map((q) => `${encodeURIComponent(q)}=${nul}`).join('&')), validBody));
    }
    for (const [i, body] of bodies.entries()) {
      const leaves = body.fields.filter((f) => !body.fields.some((g) => g.path.length > f.path.length && f.path.every((k, j) => g.path[j] === k)));
      out.push(
        request(
          `NUL in every body field${variant(i)}`,
          urlOf(op, params),
          bodyWith(
            body.value,
            leaves.map((f) => f.path),
            FEW_JSON[0]!,
          ),
        ),
      );
    }
    if (!bodyless) out.push(request(BAD_BODIES[0]!.input, urlOf(op, params), BAD_BODIES[0]!.payload));
    return out;
  }

  for (const param of op.pathParams) {
    for (const value of [...BAD_URL, 'x'.repeat(10_000)]) {
      out.push(request(`path ${param}=${value.slice(0, 40)}`, urlOf(op, { ...params, [param]: value }), validBody));
    }
  }
  for (const name of op.query) {
    for (const value of [...BAD_URL, HUGE]) {
      out.push(request(`query ${name}=${value.slice(0, 40)}`, urlOf(op, params, `${encodeURIComponent(name)}=${value}`), validBody));
    }
    out.push(request(`query ${name} twice`, urlOf(op, params, `${name}=1&${name}=2`), validBody));
  }
  for (const query of BAD_QUERIES) out.push(request(`query ${query}`, urlOf(op, params, query), validBody));
  for (const [i, body] of bodies.entries()) {
    for (const field of body.fields) {
      const type = typeOf(field.schema);
      const kind = type === 'string' ? 'string' : type === 'number' || type === 'integer' ? 'number' : 'other';
      for (const raw of BAD_JSON[kind]) {
        out.push(request(`body${variant(i)} ${field.path.join('.')}=${raw.slice(0, 40)}`, urlOf(op, params), bodyWith(body.value, [field.path], raw)));
      }
    }
    const prototypeKeys = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},';
    out.push(
      request(
        `body${variant(i)} with __proto__ and constructor keys besides its fields`,
        urlOf(op, params),
        JSON.stringify(body.value).replace(/^\{/, prototypeKeys),
      ),
    );
  }
  for (const body of bodyless ? [] : BAD_BODIES) out.push(request(body.input, urlOf(op, params), body.payload, body.contentType));
  return out;
}

/** Each request from its own address: the per-IP rate limits (30 a minute on some routes) would answer 429 before the input is read. */
let clients = 0;
function clientAddress(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

async function run(app: FastifyInstance, all: Case[]) {
  const offenders: string[] = [];
  for (const c of all) {
    const res = await app.inject({ ...c.request, remoteAddress: clientAddress() });
    if (res.statusCode >= 500) {
      offenders.push(`${res.statusCode} ${c.operation.method} ${c.operation.path} as ${c.caller.name}: ${c.input} → ${res.body.slice(0, 120)}`);
    }
  }
  return offenders;
}

function report(offenders: string[], requests: number): string {
  return `${offenders.length} of ${requests} requests answered 5xx:\n${offenders.slice(0, 60).join('\n')}${offenders.length > 60 ? `\n… and ${offenders.length - 60} more` : ''}`;
}

describe('fuzzing every operation of the OpenAPI document', async () => {
  const { app } = await buildTestApp();
  const doc = app.swagger() as unknown as OpenApi;
  const operations = operationsOf(doc);

  const user = await createConfirmedUser(app, 'fuzz-user@example.com', 'Secret123', 'Fuzz User');
  const staff = await signedInStaff(app, 'fuzz-staff@example.com', 'Fuzz Staff');
  const callers: Caller[] = [
    { name: 'anonymous', headers: {} },
    { name: 'user', headers: { cookie: user.cookie } },
    { name: 'staff', headers: { cookie: staff.cookie } },
  ];

  /** Whether the caller gets past the route's sign-in or staff check (a plain request is not refused with 401 or 403). */
  async function admits(op: Operation, caller: Caller): Promise<boolean> {
    const res = await app.inject({ method: op.method as InjectOptions['method'], url: urlOf(op, {}), headers: caller.headers });
    return res.statusCode !== 401 && res.statusCode !== 403;
  }

  it('finds the operations in the document', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['GET /api/listing-all', 'POST /api/listing/save-draft', 'POST /api/admin/listings/{listing_id}/reject']),
    );
  });

  it('answers no bad path param, query or body with a 5xx, for any caller', async ({ annotate }) => {
    const all: Case[] = [];
    for (const op of operations) {
      // Signing out would end the callers' sessions that the other tests use: only the anonymous caller signs out.
      const callersOf = op.path === SIGN_OUT ? callers.slice(0, 1) : callers;
      const admitted: Caller[] = [];
      for (const caller of callersOf) if (await admits(op, caller)) admitted.push(caller);
      for (const caller of callersOf) all.push(...cases(doc, op, caller, caller === admitted[0]));
    }
    const offenders = await run(app, all);
    await annotate(`${all.length} requests over ${operations.length} operations`);
    expect(offenders, report(offenders, all.length)).toEqual([]);
    // About 20 s alone; the limit leaves room for a machine busy with the other test files.
  }, 300_000);

  // A cookie-carrying state change with a Referer that is not a URL ("::::") is a 500 in plugins/auth.ts
  // (new URL throws); its fix (403) is being made there separately.
  it('answers no bad Origin or Referer with a 5xx', async () => {
    const all: Case[] = [];
    for (const caller of callers) {
      for (const op of operations.filter((o) => o.method !== 'GET' && o.path !== SIGN_OUT)) {
        for (const headers of BAD_ORIGINS) {
          const body = op.bodies[0] ? sample(doc, op.bodies[0]) : undefined;
          all.push({
            caller,
            operation: op,
            input: JSON.stringify(headers),
            request: {
              method: op.method as InjectOptions['method'],
              url: urlOf(op, sampleParams(doc, op)),
              headers: { ...caller.headers, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            },
          });
        }
      }
    }
    const offenders = await run(app, all);
    expect(offenders, report(offenders, all.length)).toEqual([]);
  }, 60_000);

  it('refuses a control character in every text field with a 400 that names the field', async () => {
    const staff = callers[2]!;
    const missed: string[] = [];
    const check = async (op: Operation, field: string, schema: JsonSchema, request: InjectOptions) => {
      const res = await app.inject({ ...request, headers: { ...staff.headers, ...request.headers }, remoteAddress: clientAddress() });
      const fields = (res.json() as { fields?: Record<string, { key: string; message: string }> }).fields ?? {};
      // A plain text answers the control-character message; an enum, a format or a pattern refuses it its own way.
      const plain = !schema.enum && !('const' in schema) && !schema.format && !schema.pattern;
      const ok =
        res.statusCode === 400 &&
        (plain ? fields[field]?.key === 'textControlCharacters' && fields[field]?.message === MESSAGES.textControlCharacters : fields[field] !== undefined);
      if (!ok) missed.push(`${op.method} ${op.path} ${field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    for (const op of operations) {
      const params = sampleParams(doc, op);
      const body = op.bodies[0] ? { payload: JSON.stringify(sample(doc, op.bodies[0])), headers: { 'content-type': 'application/json' } } : {};
      const parameters = doc.paths[op.path]![op.method.toLowerCase()]!.parameters ?? [];
      for (const p of parameters) {
        const schema = resolve(doc, p.schema);
        if (typeOf(schema) !== 'string') continue;
        const url = p.in === 'path' ? urlOf(op, { ...params, [p.name]: 'fuzz%00' }) : urlOf(op, params, `${p.name}=fuzz%00`);
        await check(op, p.name, schema, { method: op.method as InjectOptions['method'], url, ...body });
      }
      for (const schema of op.bodies) {
        const value = sample(doc, schema);
        for (const field of fieldsOf(doc, schema, value)) {
          if (typeOf(field.schema) !== 'string' || field.schema.enum || 'const' in field.schema) continue;
          await check(op, field.path.join('.'), field.schema, {
            method: op.method as InjectOptions['method'],
            url: urlOf(op, params),
            payload: bodyWith(value, [field.path], JSON.stringify('fuzz\u0000')),
            headers: { 'content-type': 'application/json' },
          });
        }
      }
    }
    expect(missed, `text fields that let a NUL byte through:\n${missed.join('\n')}`).toEqual([]);
  }, 60_000);
});
