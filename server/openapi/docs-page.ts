import { escapeHtml } from "../html";

/** The parts of an OpenAPI 3.1 document the page reads. */
type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type MediaContent = Record<string, { schema?: Schema }>;
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: MediaContent };
  responses: Record<string, { description: string; content?: MediaContent }>;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, { description?: string }> };
};

const e = escapeHtml;
/** Prose from the descriptions: escaped, with its `code` spans set as code. */
const prose = (text: string) => e(text).replace(/`([^`]+)`/g, "<code>$1</code>");
const refName = (ref: string) => ref.split("/").at(-1)!;
const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^\w-]/g, "-")}`;
const literal = (value: unknown) => `<code>${e(JSON.stringify(value))}</code>`;

/** A schema as a short type: `Topic[]`, `string (date-time) | null`, `"a" | "b"`; inline objects as a nested list. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return `<a href="#${anchor("schema", refName(schema.$ref))}">${e(refName(schema.$ref))}</a>`;
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(" | ");
  // Beside a `type`, anyOf and allOf narrow it (a URL or blank, the password's rules): the type says what it is.
  const union = schema.anyOf ?? schema.oneOf;
  if (union && schema.type === undefined) return union.map(typeOf).join(" | ");
  if (schema.allOf && schema.type === undefined) return schema.allOf.map(typeOf).join(" &amp; ");
  const types = [schema.type ?? "any"].flat();
  return types
    .map((type) => {
      if (type === "array") return schema.prefixItems ? `[${schema.prefixItems.map(typeOf).join(", ")}]` : `${typeOf(schema.items)}[]`;
      if (type === "object" && schema.properties) return `object${propertyList(schema)}`;
      return e(type) + (schema.format ? ` <span class="muted">(${e(schema.format)})</span>` : "");
    })
    .join(" | ");
}

/** Limits and defaults worth reading next to a type. */
function rules(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`${schema.minLength ?? 0}–${schema.maxLength ?? "∞"} characters`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? "−∞"}–${schema.maximum ?? "∞"}`);
  if (schema.multipleOf !== undefined && schema.multipleOf !== 1) parts.push(`in steps of ${schema.multipleOf}`);
  if (schema.default !== undefined) parts.push(`default ${literal(schema.default)}`);
  if (schema.description) parts.push(prose(schema.description));
  return parts.join("; ");
}

function propertyList(schema: Schema): string {
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `<li><code>${e(name)}</code>${required.has(name) ? "" : '<span class="muted">?</span>'}: ${typeOf(property)}${rules(property) ? ` <span class="muted">— ${rules(property)}</span>` : ""}</li>`,
  );
  return `<ul class="props">${rows.join("")}</ul>`;
}

function content(media: MediaContent | undefined): string {
  if (!media) return "";
  return Object.entries(media)
    .map(([type, { schema }]) => `<div class="body"><span class="muted">${e(type)}</span> ${schema && (schema.$ref || schema.properties || schema.type !== undefined || schema.anyOf) ? typeOf(schema) : ""}</div>`)
    .join("");
}

function authentication(operation: Operation): string {
  const ways = operation.security ?? [];
  if (ways.length === 0) return "None";
  return ways
    .map((way) =>
      Object.entries(way)
        .map(([scheme, scopes]) => `<a href="#${anchor("auth", scheme)}">${e(scheme === "session" ? "Session cookie" : "Access token")}</a>${scopes.length ? ` (${scopes.map(e).join(", ")})` : ""}`)
        .join(" + "),
    )
    .join(" or ");
}

/** An answer many routes give in the same words (413 "The body is over 100 kB."): listed once, in "Answers every route shares". */
type SharedAnswers = Map<string, { description: string; content?: MediaContent }>;
const sharedKey = (status: string, description: string) => `${status} ${description}`;

/**
 * The answers that more than half of the operations give with the same status and words: those the
 * API's shared middleware gives (server/openapi/answers.ts), found in the document itself.
 */
function findSharedAnswers(operations: Operation[]): SharedAnswers {
  const counts = new Map<string, { count: number; status: string; response: { description: string; content?: MediaContent } }>();
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses)) {
      const key = sharedKey(status, response.description);
      counts.set(key, { count: (counts.get(key)?.count ?? 0) + 1, status, response });
    }
  }
  return new Map([...counts].filter(([, { count }]) => count > operations.length / 2).map(([key, { response }]) => [key, response]));
}

function operationHtml(path: string, method: string, operation: Operation, shared: SharedAnswers): string {
  const id = anchor("op", `${method}-${path}`);
  const parameters = operation.parameters ?? [];
  const parameterRows = parameters.map(
    (parameter) =>
      `<li><code>${e(parameter.name)}</code> <span class="muted">${e(parameter.in)}${parameter.required ? ", required" : ""}</span>: ${typeOf(parameter.schema)}${parameter.schema && rules(parameter.schema) ? ` <span class="muted">— ${rules(parameter.schema)}</span>` : ""}</li>`,
  );
  const answers = Object.entries(operation.responses);
  const own = answers.filter(([status, response]) => !shared.has(sharedKey(status, response.description)));
  const common = answers.filter(([status, response]) => shared.has(sharedKey(status, response.description))).map(([status]) => status);
  const responses = own.map(
    ([status, response]) => `<tr><td class="status s${status[0]}">${e(status)}</td><td>${prose(response.description)}${content(response.content)}</td></tr>`,
  );
  if (common.length) responses.push(`<tr><td colspan="2"><span class="status s4">${common.map(e).join(" ")}</span> <a href="#shared-answers">as every route</a></td></tr>`);
  return `<section class="op" id="${id}">
<h3><a href="#${id}"><span class="method ${e(method)}">${e(method.toUpperCase())}</span> <code>${e(path)}</code></a></h3>
<p class="summary">${e(operation.summary ?? "")}</p>
${(operation.description ?? "").split("\n\n").map((paragraph) => `<p>${prose(paragraph)}</p>`).join("")}
<p><strong>Authentication:</strong> ${authentication(operation)}</p>
${parameterRows.length ? `<h4>Parameters</h4><ul class="props">${parameterRows.join("")}</ul>` : ""}
${operation.requestBody ? `<h4>Body${operation.requestBody.required ? "" : ' <span class="muted">(optional)</span>'}</h4>${content(operation.requestBody.content)}` : ""}
<h4>Answers</h4><table class="answers"><tbody>${responses.join("")}</tbody></table>
</section>`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--card:#f6f8fa;--link:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--card:#161b22;--link:#4493f8}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.layout{display:grid;grid-template-columns:17rem minmax(0,1fr);max-width:80rem;margin:0 auto}
nav{position:sticky;top:0;height:100vh;overflow:auto;padding:1rem;border-right:1px solid var(--line);font-size:14px}
nav ul{list-style:none;padding-left:.5rem;margin:.25rem 0 .75rem}nav li{margin:.1rem 0}
main{padding:1rem 1.5rem;min-width:0}h1{margin:.5rem 0}h2{margin-top:2.5rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
h3{margin:0;font-size:1rem}h3 a{color:inherit}h4{margin:.75rem 0 .25rem;font-size:.9rem}
.op{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
.summary{margin:.25rem 0;font-weight:600}.op p{margin:.35rem 0}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;padding:0 .35rem;font:700 12px/1.7 ui-monospace,monospace;color:#fff;background:#57606a}
.get{background:#1f6feb}.post{background:#1a7f37}.put{background:#9a6700}.patch{background:#8250df}.delete{background:#cf222e}
.muted{color:var(--muted)}.props{margin:.25rem 0;padding-left:1.25rem}.props .props{margin:0}
table{border-collapse:collapse;width:100%}td{border-top:1px solid var(--line);padding:.3rem .4rem;vertical-align:top}
.status{font:700 13px ui-monospace,monospace;width:3.5rem}.s2,.s3{color:#1a7f37}.s4{color:#bc4c00}.s5{color:#cf222e}
@media (prefers-color-scheme:dark){.s2,.s3{color:#3fb950}.s4{color:#f0883e}.s5{color:#f85149}}
@media (max-width:50rem){.layout{display:block}nav{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line)}nav ul ul{display:none}nav>ul>li{display:inline-block;margin-right:.9rem}main{padding:.75rem}.op{padding:.6rem}}
`;

/** /api/docs: the document as a page, server-rendered, with nothing loaded from elsewhere. */
export function renderDocsPage(document: OpenApiDocument): string {
  const tags = (document.tags ?? []).map(({ name }) => name);
  const byTag = new Map(tags.map((tag) => [tag, [] as [string, string, Operation][]]));
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) byTag.get(operation.tags?.[0] ?? "")?.push([path, method, operation]);
  }
  const navigation = tags
    .map((tag) => `<li><a href="#${anchor("tag", tag)}">${e(tag)}</a><ul>${byTag.get(tag)!.map(([path, method, operation]) => `<li><a href="#${anchor("op", `${method}-${path}`)}">${e(operation.summary ?? `${method} ${path}`)}</a></li>`).join("")}</ul></li>`)
    .join("");
  const shared = findSharedAnswers([...byTag.values()].flat().map(([, , operation]) => operation));
  const sections = tags
    .map((tag) => `<h2 id="${anchor("tag", tag)}">${e(tag)}</h2>${byTag.get(tag)!.map(([path, method, operation]) => operationHtml(path, method, operation, shared)).join("")}`)
    .join("");
  const sharedRows = [...shared]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, response]) => `<tr><td class="status s${key[0]}">${e(key.split(" ")[0]!)}</td><td>${prose(response.description)}${content(response.content)}</td></tr>`)
    .join("");
  const schemes = Object.entries(document.components?.securitySchemes ?? {})
    .map(([name, scheme]) => `<li id="${anchor("auth", name)}"><strong>${e(name === "session" ? "Session cookie" : "Access token")}</strong>: ${prose(scheme.description ?? "")}</li>`)
    .join("");
  const schemas = Object.entries(document.components?.schemas ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, schema]) => `<section class="op" id="${anchor("schema", name)}"><h3>${e(name)}</h3>${schema.description ? `<p>${prose(schema.description)}</p>` : ""}${schema.properties ? propertyList(schema) : `<p>${typeOf(schema)}</p>`}</section>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><div class="layout">
<nav aria-label="Routes"><strong>${e(document.info.title)}</strong><ul><li><a href="#authentication">Authentication</a></li><li><a href="#shared-answers">Shared answers</a></li>${navigation}<li><a href="#schemas">Schemas</a></li></ul></nav>
<main>
<h1>${e(document.info.title)} <span class="muted">${e(document.info.version)}</span></h1>
<p>${prose(document.info.description ?? "")}</p>
<p>The same description as an OpenAPI 3.1 document: <a href="/api/openapi.json"><code>/api/openapi.json</code></a>.</p>
<h2 id="authentication">Authentication</h2><ul>${schemes}</ul>
<h2 id="shared-answers">Answers every route shares</h2><p>Each route lists these statuses; they mean the same everywhere.</p><table class="answers"><tbody>${sharedRows}</tbody></table>
${sections}
<h2 id="schemas">Schemas</h2>${schemas}
</main></div></body></html>
`;
}
