import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@medallion/contracts/validation';
import { ensureAccount } from '../src/modules/auth/seed-accounts';
import { createConfirmedUser, sessionCookie } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';

/**
 * Fuzzing every operation of the app's OpenAPI document with bad input: control characters, 1 MB
 * strings, wrong types, negative and huge numbers, __proto__ / constructor keys, malformed JSON, in path
 * params, query strings and bodies, anonymously, as a user and as staff. Nothing a client sends may
 * give a 5xx. The operations and their inputs come from the document, so a new route is fuzzed without
 * touching this file. Each operation gets the whole list from the least privileged caller it admits
 * (an anonymous caller of a signed-in route only meets the 401) and a short list from the others, which
 * keeps the run to a few thousand requests.
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

/** Bad values for a JSON body field, as raw JSON text (some, like 1e999 or a __proto__ key, have no JS value that JSON.stringify writes). */
const BAD_JSON = [
  JSON.stringify('\u0000'),
  JSON.stringify('fuzz\u0000\u0001\u001b\u007f\u0085\u009ffuzz'),
  '"a\\ud800b"',
  JSON.stringify('fuzz\r\n\tfuzz'),
  `"${HUGE}"`,
  `"${LARGE}"`,
  '-1',
  '-9007199254740993',
  '1e999',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
  '{"__proto__":{"polluted":true}}',
];
/** The short list for the other callers. */
const FEW_JSON = [JSON.stringify('fuzz\u0000fuzz'), '{"__proto__":{"polluted":true}}'];

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
  '1.5',
  '__proto__',
  '..%2F..%2Fetc%2Fpasswd',
];
const FEW_URL = ['fuzz%00fuzz', '%ED%A0%80'];

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

/** The body's JSON text with the field at `path` replaced by raw JSON text. */
function bodyWith(base: unknown, path: FieldPath, rawJson: string): string {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1)!] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => rawJson);
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

function cases(doc: OpenApi, op: Operation, caller: Caller, full: boolean): Case[] {
  const jsonValues = full ? BAD_JSON : FEW_JSON;
  const urlValues = full ? BAD_URL : FEW_URL;
  const base = (input: string, request: Omit<InjectOptions, 'method'>): Case => ({
    caller,
    operation: op,
    input,
    request: { method: op.method as InjectOptions['method'], ...request, headers: { ...caller.headers, ...request.headers } },
  });
  const validParams = sampleParams(doc, op);
  const bodies = op.bodies.map((schema) => ({ schema, value: sample(doc, schema) }));
  const json = { 'content-type': 'application/json' };
  const withBody = bodies[0] ? { payload: JSON.stringify(bodies[0].value), headers: json } : {};
  const out: Case[] = [];

  for (const param of op.pathParams) {
    for (const value of [...urlValues, full ? 'x'.repeat(10_000) : 'x'.repeat(200)]) {
      out.push(base(`path ${param}=${value.slice(0, 40)}`, { url: urlOf(op, { ...validParams, [param]: value }), ...withBody }));
    }
  }
  for (const name of op.query) {
    for (const value of [...urlValues, full ? HUGE : 'x'.repeat(2000)]) {
      out.push(base(`query ${name}=${value.slice(0, 40)}`, { url: urlOf(op, validParams, `${encodeURIComponent(name)}=${value}`), ...withBody }));
    }
    out.push(base(`query ${name} twice`, { url: urlOf(op, validParams, `${name}=1&${name}=2`), ...withBody }));
  }
  for (const query of full ? BAD_QUERIES : BAD_QUERIES.slice(0, 1)) {
    out.push(base(`query ${query}`, { url: urlOf(op, validParams, query), ...withBody }));
  }
  for (const [variant, body] of bodies.entries()) {
    for (const field of fieldsOf(doc, body.schema, body.value)) {
      for (const raw of jsonValues) {
        out.push(
          base(`body${bodies.length > 1 ? ` (variant ${variant + 1})` : ''} ${field.path.join('.')}=${raw.slice(0, 40)}`, {
            url: urlOf(op, validParams),
            payload: bodyWith(body.value, field.path, raw),
            headers: json,
          }),
        );
      }
    }
    out.push(
      base('body with __proto__ and constructor keys besides its fields', {
        url: urlOf(op, validParams),
        payload: JSON.stringify(body.value).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},'),
        headers: json,
      }),
    );
  }
  // GET and HEAD bodies are not read.
  const bodyless = op.method === 'GET' || op.method === 'HEAD';
  for (const body of bodyless ? [] : full ? BAD_BODIES : BAD_BODIES.slice(0, 2)) {
    out.push(
      base(body.input, { url: urlOf(op, validParams), payload: body.payload, headers: { 'content-type': body.contentType ?? 'application/json' } }),
    );
  }
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
  await ensureAccount(app.db, { email: 'fuzz-staff@example.com', password: 'Staff2024', name: 'Fuzz Staff', role: 'staff' });
  const staffSignIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'fuzz-staff@example.com', password: 'Staff2024' } });
  const callers: Caller[] = [
    { name: 'anonymous', headers: {} },
    { name: 'user', headers: { cookie: user.cookie } },
    { name: 'staff', headers: { cookie: sessionCookie(staffSignIn) } },
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

  it('answers no bad path param, query or body with a 5xx, for any caller', async () => {
    const all: Case[] = [];
    for (const op of operations) {
      // Signing out would end the callers' sessions that the other tests use: only the anonymous caller signs out.
      const callersOf = op.path === SIGN_OUT ? callers.slice(0, 1) : callers;
      const admitted: Caller[] = [];
      for (const caller of callersOf) if (await admits(op, caller)) admitted.push(caller);
      for (const caller of callersOf) all.push(...cases(doc, op, caller, caller === admitted[0]));
    }
    const offenders = await run(app, all);
    console.info(`fuzz: ${all.length} requests over ${operations.length} operations`);
    expect(offenders, report(offenders, all.length)).toEqual([]);
  }, 120_000);

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
  });

  it('refuses a control character in every text field with a 400 that names the field', async () => {
    const staff = callers[2]!;
    const missed: string[] = [];
    const check = async (op: Operation, field: string, schema: JsonSchema, request: InjectOptions) => {
      const res = await app.inject({ ...request, headers: { ...staff.headers, ...request.headers }, remoteAddress: clientAddress() });
      const fields = (res.json() as { fields?: Record<string, string> }).fields ?? {};
      // A plain text answers the control-character message; an enum, a format or a pattern refuses it its own way.
      const plain = !schema.enum && !('const' in schema) && !schema.format && !schema.pattern;
      const ok = res.statusCode === 400 && (plain ? fields[field] === VALIDATION_MESSAGES.textControlCharacters : fields[field] !== undefined);
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
            payload: bodyWith(value, field.path, JSON.stringify('fuzz\u0000')),
            headers: { 'content-type': 'application/json' },
          });
        }
      }
    }
    expect(missed, `text fields that let a NUL byte through:\n${missed.join('\n')}`).toEqual([]);
  });
});
