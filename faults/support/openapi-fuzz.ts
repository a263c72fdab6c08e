import fc from 'fast-check';

/**
 * Requests for every operation of an OpenAPI document, generated with fast-check: values shaped
 * by the operation's JSON Schema (so validation passes and the handler runs), the same with one
 * field broken, and plain junk. Known ids (the user's own and another user's) and devnet values
 * are mixed in so that handlers reach their database and chain code, not only the validator.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
}

export interface FuzzRequest {
  method: string;
  /** Path with parameters filled in and the query string appended. */
  url: string;
  body?: unknown;
  rawBody?: string;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

/** Values that the fuzzed handlers should meet: the fixtures' ids and the devnet's addresses. */
export interface Domain {
  /** Ids of rows of the fuzzing user, of another user, and of nobody. */
  ownIds: number[];
  foreignIds: number[];
  networks: number[];
  addresses: string[];
  dexes: string[];
  tokens: string[];
  cursors: string[];
}

const edgeInts = [0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53 + 2, -(2 ** 31), 1e21, 1.5, -0];
const edgeNumberTexts = [
  '1e3',
  '0x10',
  ' 1',
  '1 ',
  '１',
  'NaN',
  'Infinity',
  '-Infinity',
  '00001',
  '1.0',
  '9'.repeat(400),
  '',
  '+1',
  '1_000',
];
const nasty = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '🙂'.repeat(50),
  'é'.normalize('NFD'),
  '\u202e\u2066',
  "'; drop table users; --",
  '%00',
  '../..',
  '<script>alert(1)</script>',
  '=cmd|/c calc!A1',
  '\r\nX-Injected: 1',
  '{"a":1}',
  'null',
  '0x',
  '0x' + 'f'.repeat(40),
  '0x' + 'G'.repeat(40),
  'x'.repeat(10_001),
  'y'.repeat(70_000),
];

const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...nasty) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 3_000 }) },
);

const junkNumber = fc.oneof(
  fc.constantFrom(...edgeInts),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b) => Number(b)),
);

/** Any JSON value, biased towards the awkward ones. */
export const junkJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      [],
      {},
      [[[[]]]],
      { __proto__: { x: 1 } },
      { constructor: { prototype: { x: 1 } } },
    ),
  },
);

function resolve(schema: JsonSchema, doc: OpenApiDoc): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.split('/').pop()!;
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

/** Schema-shaped values, with the domain's values for the fields that name ids and chain things. */
export function shaped(
  schema: JsonSchema,
  doc: OpenApiDoc,
  domain: Domain,
  field = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  const known = knownField(field, domain);
  if (known && depth > 0)
    return fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: plain(s, doc, domain, depth) });
  return plain(s, doc, domain, depth);
}

function plain(s: JsonSchema, doc: OpenApiDoc, domain: Domain, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => shaped(a, doc, domain, '', depth)));
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, p] of Object.entries(props)) model[name] = shaped(p, doc, domain, name, depth + 1);
      const required = (s.required ?? []).filter((r) => r in props);
      return fc.record(model, { requiredKeys: required });
    }
    case 'array':
      return fc.array(shaped(s.items ?? {}, doc, domain, '', depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 5),
      });
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
      return fc.oneof(
        fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }),
        fc.constantFrom(min, max),
      );
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
      const max = s.maximum ?? s.exclusiveMaximum ?? 1e6;
      return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (s.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(s.pattern))
            .filter((v) => v.length <= (s.maxLength ?? 1000) && v.length >= (s.minLength ?? 0));
        } catch {
          // A pattern JS cannot read: fall through to plain strings.
        }
      }
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      // Mostly ordinary text; sometimes text that databases, CSV and terminals choke on.
      return fc.oneof(
        {
          weight: 5,
          arbitrary: fc.string({
            unit: 'grapheme',
            minLength: s.minLength ?? 0,
            maxLength: Math.min(s.maxLength ?? 60, 60),
          }),
        },
        { weight: 1, arbitrary: fc.constantFrom(...nasty) },
      );
    }
    default:
      return junkJson;
  }
}

/** Field names whose meaning the generic schema cannot tell. */
function knownField(field: string, d: Domain): fc.Arbitrary<unknown> | null {
  const ids = fc.constantFrom(...d.ownIds, ...d.foreignIds);
  switch (field) {
    case 'id':
    case 'project':
    case 'project_id':
    case 'projectId':
    case 'pool':
    case 'pool_id':
      return fc.oneof({ weight: 4, arbitrary: ids }, { weight: 1, arbitrary: fc.constantFrom(...edgeInts) });
    case 'ids':
      return fc.array(fc.oneof(ids, fc.constantFrom(...edgeInts)), { minLength: 0, maxLength: 6 });
    case 'network':
      return fc.constantFrom(...d.networks);
    case 'contract_address':
    case 'pool_address':
      return fc.oneof(
        fc.constantFrom(...d.addresses),
        fc.constantFrom(...d.addresses).map((a) => a.toLowerCase()),
      );
    case 'dex':
    case 'dex_id':
      return fc.constantFrom(...d.dexes);
    case 'token':
    case 'token_id':
      return fc.constantFrom(...d.tokens);
    case 'cursor':
      return fc.oneof(fc.constantFrom(...d.cursors), fc.base64String({ maxLength: 60 }), fc.string({ maxLength: 30 }));
    case 'from':
    case 'to':
      return fc.oneof(
        fc
          .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((x) => x.toISOString()),
        fc.constantFrom(
          '0001-01-01T00:00:00Z',
          '9999-12-31T23:59:59Z',
          '+275760-09-13T00:00:00.000Z',
          '2025-02-30T00:00:00Z',
          '2025-01-01T00:00:00+14:00',
        ),
      );
    default:
      return null;
  }
}

/** The shaped value with one thing wrong: a field dropped, retyped, or an unknown one added. */
function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.nat(), junkJson, fc.constantFrom('drop', 'retype', 'extra', 'wrap'))
    .map(([value, pick, junk, how]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return how === 'wrap' ? [value] : junk;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length ? keys[pick % keys.length]! : 'x';
      if (how === 'drop') delete copy[key];
      else if (how === 'retype') copy[key] = junk;
      else if (how === 'extra') copy[`extra_${pick % 7}`] = junk;
      else return [copy];
      return copy;
    });
}

function valueText(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/** A path segment: usually an id, sometimes junk (every one percent-encoded, as a client must). */
function pathValue(p: Operation['params'][number], doc: OpenApiDoc, domain: Domain): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 5, arbitrary: knownField('id', domain)! },
      { weight: 2, arbitrary: shaped(p.schema, doc, domain, p.name) },
      { weight: 2, arbitrary: fc.constantFrom(...edgeNumberTexts) },
      { weight: 1, arbitrary: junkString.filter((s) => s.length > 0 && s.length < 300) },
    )
    .map((v) => percentEncode(valueText(v)));
}

/** encodeURIComponent, except that a lone surrogate is sent as U+FFFD instead of throwing. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function queryArb(op: Operation, doc: OpenApiDoc, domain: Domain): fc.Arbitrary<string> {
  const params = op.params.filter((p) => p.in === 'query');
  const entries = params.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 4, arbitrary: shaped(p.schema, doc, domain, p.name, 1).map(valueText) },
        { weight: 1, arbitrary: fc.constantFrom(...edgeNumberTexts) },
        { weight: 1, arbitrary: junkString.filter((s) => s.length < 2_000) },
        { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }) },
      ),
      { freq: 3 },
    ),
  );
  const extra = fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 20 })), {
    freq: 4,
  });
  return fc.tuple(fc.tuple(...entries), extra).map(([values, more]) => {
    const q = new URLSearchParams();
    values.forEach((v, i) => {
      if (v === null) return;
      const name = params[i]!.name;
      if (Array.isArray(v)) for (const item of v) q.append(name, String(item));
      else q.append(name, String(v));
    });
    if (more) q.append(more[0], more[1]);
    const text = q.toString();
    return text ? `?${text}` : '';
  });
}

function bodyArb(op: Operation, doc: OpenApiDoc, domain: Domain): fc.Arbitrary<{ body?: unknown; rawBody?: string }> {
  const raw = fc
    .constantFrom('{', '{"a":', 'nul', '[1,2', '\u0000', '{"__proto__":{"is_staff":true}}', '"just a string"', '1e999')
    .map((rawBody) => ({ rawBody }));
  // fetch (like most clients) cannot send a body with GET.
  if (op.method === 'GET' || op.method === 'HEAD') return fc.constant({});
  if (!op.body) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: junkJson.map((body) => ({ body })) },
      { weight: 1, arbitrary: raw },
    );
  }
  const base = shaped(op.body, doc, domain);
  return fc.oneof(
    { weight: 5, arbitrary: base.map((body) => ({ body })) },
    { weight: 3, arbitrary: mutated(base).map((body) => ({ body })) },
    { weight: 2, arbitrary: junkJson.map((body) => ({ body })) },
    { weight: 1, arbitrary: raw },
  );
}

export function requestArb(op: Operation, doc: OpenApiDoc, domain: Domain): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  return fc
    .tuple(
      fc.tuple(...pathParams.map((p) => pathValue(p, doc, domain))),
      queryArb(op, doc, domain),
      bodyArb(op, doc, domain),
    )
    .map(([values, query, body]) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i]!)));
      return { method: op.method, url: `${url}${query}`, ...body };
    });
}
