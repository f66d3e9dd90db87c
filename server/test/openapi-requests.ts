import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "../openapi/docs-page";

/**
 * Requests made from the API document (/api/openapi.json) alone, and checked against it: what a
 * client generated from the document would send. server/openapi/document-conformance.test.ts.
 */

export type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> };

/**
 * The document's schemas are JSON Schema 2020-12 (OpenAPI 3.1): ajv's 2020 build checks them, with
 * the formats the document uses. Strict: a keyword it does not know is an error, so nothing in the
 * document goes unchecked unnoticed.
 */
// strictTypes off: an `if`/`then` branch states a keyword without repeating its property's type, as JSON Schema allows.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv);
// Upload bodies are `format: binary`, which says what a multipart part carries, not a JSON value.
ajv.addFormat("binary", true);

const validators = new WeakMap<Schema, ValidateFunction>();
/** What is wrong with `value` by `schema`, or undefined when it is valid. */
export function schemaErrors(schema: Schema, value: unknown): string | undefined {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  return validate(value) ? undefined : ajv.errorsText(validate.errors);
}

/** The document's operations by the tests' route names ("post /api/topics/:id"), with Express paths. */
export function operationsOf(document: OpenApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) operations.set(`${method} ${path.replace(/\{(\w+)\}/g, ":$1")}`, operation);
  }
  return operations;
}

/**
 * The simplest value `schema` accepts, made from the schema alone: its first example, its constant,
 * its first enum value, its first `anyOf`/`oneOf` branch; an object's required properties (and the
 * first others while `minProperties` wants more); an
 * array's fewest items; the least number; a string of the least length that matches its pattern (or
 * a sample of its format). Throws for a string it cannot make (the schema then needs `examples`).
 */
export function exampleOf(schema: Schema): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key] as Schema[] | undefined;
    if (branches) {
      const { [key]: _, ...rest } = schema;
      return exampleOf({ ...rest, ...branches[0] });
    }
  }
  const type = [schema.type].flat().find((name) => name !== "null") ?? (schema.type === "null" ? "null" : undefined);
  switch (type) {
    case "object": {
      // The required properties, and the first others while `minProperties` wants more.
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const names = [...required, ...Object.keys(properties).filter((name) => !required.includes(name))].slice(0, Math.max(required.length, Number(schema.minProperties ?? 0)));
      return Object.fromEntries(names.map((name) => [name, exampleOf(properties[name]!)]));
    }
    case "array": {
      if (Array.isArray(schema.prefixItems)) return (schema.prefixItems as Schema[]).slice(0, Number(schema.minItems ?? 0)).map(exampleOf);
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => exampleOf(schema.items as Schema));
    }
    case "integer":
    case "number":
      return leastNumber(schema);
    case "boolean":
      return false;
    case "null":
      return null;
    case "string":
      return leastString(schema);
    default:
      throw new Error(`exampleOf: no type in ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

function leastNumber(schema: Schema): number {
  const least = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : 1;
  const step = typeof schema.multipleOf === "number" ? schema.multipleOf : 1;
  return Math.ceil(least / step) * step;
}

const FORMAT_SAMPLES: Record<string, string> = {
  uri: "https://example.com",
  email: "member@example.com",
  "date-time": "2030-01-01T00:00:00Z",
  binary: "",
};

function leastString(schema: Schema): string {
  if (typeof schema.format === "string") {
    const sample = FORMAT_SAMPLES[schema.format];
    if (sample === undefined) throw new Error(`exampleOf: no sample of format ${schema.format}`);
    return sample;
  }
  const patterns = [schema.pattern, ...((schema.allOf ?? []) as Schema[]).map((part) => part.pattern)].filter((pattern): pattern is string => typeof pattern === "string").map((pattern) => new RegExp(pattern));
  const least = Math.max(Number(schema.minLength ?? 0), 1);
  for (let length = least; length < least + 10; length++) {
    for (const unit of ["a", "1", "A"]) {
      const value = unit.repeat(length);
      if (patterns.every((pattern) => pattern.test(value))) return value;
    }
  }
  if (least === 1 && patterns.every((pattern) => pattern.test(""))) return "";
  throw new Error(`exampleOf: no string for ${JSON.stringify(schema).slice(0, 200)}: give the schema \`examples\``);
}

/** What a request carries beyond what the document makes: values the state needs (ids, names, a real password or token). */
export interface Given {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  /** Properties laid over the body made from the document. */
  body?: Record<string, unknown>;
  /** The whole body instead. */
  wholeBody?: unknown;
}

export interface DocumentedRequest {
  /** The path with its parameters, and the query. */
  url: string;
  /** The JSON body, or the multipart form's fields and file field. */
  body?: unknown;
  form?: { fields: Record<string, string>; file?: string };
  /** The first 2xx the operation documents. */
  success: number;
  /** Where the request breaks the document (a path parameter, a query parameter, the body), if anywhere. */
  problems: string[];
}

/** The request the document describes for `name`, with `given` laid over what it makes, checked against the document. */
export function documentedRequest(operations: Map<string, Operation>, name: string, given: Given = {}): DocumentedRequest {
  const operation = operations.get(name);
  if (!operation) throw new Error(`${name} is not in the document`);
  const [, template] = name.split(" ") as [string, string];
  const problems: string[] = [];
  const valueOf = (parameter: Parameter, given: Record<string, unknown> | undefined) => {
    const value = given && parameter.name in given ? given[parameter.name] : parameter.required ? exampleOf(parameter.schema) : undefined;
    const problem = value === undefined ? undefined : schemaErrors(parameter.schema, value);
    if (problem) problems.push(`${parameter.in} ${parameter.name}: ${problem}`);
    return value;
  };
  const parameters = operation.parameters ?? [];
  let url = template;
  for (const parameter of parameters.filter((entry) => entry.in === "path")) url = url.replace(`:${parameter.name}`, encodeURIComponent(String(valueOf(parameter, given.params))));
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((entry) => entry.in === "query")) {
    const value = valueOf(parameter, given.query);
    if (value !== undefined) query.set(parameter.name, String(value));
  }
  if (query.size > 0) url += `?${query}`;

  const success = Number(Object.keys(operation.responses).find((status) => status.startsWith("2")));
  const [mediaType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  if (!media) return { url, success, problems };
  const body = "wholeBody" in given ? given.wholeBody : { ...(exampleOf(media.schema) as Record<string, unknown>), ...given.body };
  const problem = schemaErrors(media.schema, body);
  if (problem) problems.push(`body: ${problem}`);
  if (mediaType !== "multipart/form-data") return { url, body, success, problems };
  const properties = (media.schema.properties ?? {}) as Record<string, Schema>;
  const entries = Object.entries(body as Record<string, unknown>);
  const file = entries.find(([field]) => properties[field]?.format === "binary")?.[0];
  const fields = Object.fromEntries(entries.filter(([field]) => field !== file).map(([field, value]) => [field, String(value)]));
  return { url, form: { fields, file }, success, problems };
}
