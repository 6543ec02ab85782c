/**
 * Renders the OpenAPI document as one plain HTML page (no script, so the app's strict CSP holds,
 * and it reads well without JavaScript or a bundle of UI assets behind more routes).
 */

type Schema = Record<string, unknown>;
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
}
interface Document {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A schema keyword's value as text (numbers and strings as they are). */
const show = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);

function constraints(s: Schema): string {
  const parts: string[] = [];
  if (s.format) parts.push(show(s.format));
  if (s.minLength !== undefined || s.maxLength !== undefined) {
    parts.push(`${show(s.minLength ?? 0)}–${show(s.maxLength ?? '∞')} chars`);
  }
  if (s.minimum !== undefined) parts.push(`≥ ${show(s.minimum)}`);
  if (s.maximum !== undefined) parts.push(`≤ ${show(s.maximum)}`);
  // A format (uuid, email, …) says it better than the regular expression zod emits with it.
  if (s.pattern && !s.format) parts.push(`matches ${show(s.pattern)}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** A schema as compact, TypeScript-like text. */
export function schemaText(s: Schema | undefined, doc: Document, indent = ''): string {
  if (!s || Object.keys(s).length === 0) return 'any';
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    return name;
  }
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key])) {
      const sep = key === 'allOf' ? ' & ' : ' | ';
      return (s[key] as Schema[]).map((x) => schemaText(x, doc, indent)).join(sep);
    }
  }
  const types = [s.type].flat().filter(Boolean) as string[];
  if (types.length > 1) {
    return types.map((t) => schemaText({ ...s, type: t }, doc, indent)).join(' | ');
  }
  const type = types[0];
  if (type === 'array') return `${schemaText(s.items as Schema, doc, indent)}[]`;
  if (type === 'object' || s.properties) {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    const inner = indent + '  ';
    const lines = Object.entries(props).map(
      ([name, p]) =>
        `${inner}${name}${required.has(name) ? '' : '?'}: ${schemaText(p, doc, inner)}`,
    );
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      lines.push(
        `${inner}[key: string]: ${schemaText(s.additionalProperties as Schema, doc, inner)}`,
      );
    }
    return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}';
  }
  return `${type ?? 'any'}${constraints(s)}`;
}

const firstSchema = (content: Record<string, { schema?: Schema }> | undefined) => {
  const [type, value] = Object.entries(content ?? {})[0] ?? [];
  return type ? { type, schema: value?.schema } : undefined;
};

function operationHtml(path: string, method: string, op: Operation, doc: Document): string {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
  const access = op.security && op.security.length === 0 ? 'public' : 'signed in';
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${
          p.required ? 'yes' : 'no'
        }</td><td><code>${escape(schemaText(p.schema, doc))}</code></td></tr>`,
    )
    .join('');
  const body = firstSchema(op.requestBody?.content);
  const responses = Object.entries(op.responses ?? {})
    .map(([code, r]) => {
      const c = firstSchema(r.content);
      // @fastify/swagger's placeholder for a response without a description says nothing.
      const description = r.description === 'Default Response' ? '' : (r.description ?? '');
      return `<li><strong>${escape(code)}</strong> ${escape(description)}${
        c ? ` <small>${escape(c.type)}</small><pre>${escape(schemaText(c.schema, doc))}</pre>` : ''
      }</li>`;
    })
    .join('');
  return `<section class="op" id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h"><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code> <small>${access}</small></h3>
${op.summary ? `<p>${escape(op.summary)}</p>` : ''}${op.description ? `<p>${escape(op.description)}</p>` : ''}
${params ? `<div class="scroll"><table><caption>Parameters</caption><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">type</th></tr></thead><tbody>${params}</tbody></table></div>` : ''}
${body ? `<h4>Request body <small>${escape(body.type)}</small></h4><pre>${escape(schemaText(body.schema, doc))}</pre>` : ''}
<h4>Responses</h4><ul class="responses">${responses}</ul>
</section>`;
}

export function renderReference(doc: Document): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) {
        byTag.set(tag, []);
        toc.set(tag, []);
      }
      byTag.get(tag)!.push(operationHtml(path, method, op, doc));
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
      toc.get(tag)!.push(`<a href="#${id}">${method.toUpperCase()} ${escape(path)}</a>`);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title>
<link rel="icon" href="data:,">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1b1e}
pre{background:#f4f5f7;padding:.5rem;overflow:auto;border-radius:4px}
code{font-family:ui-monospace,monospace}
.op{border-top:1px solid #dee2e6;padding:.5rem 0}
.m{display:inline-block;min-width:4.5rem;font-size:.8em;padding:.1rem .4rem;border-radius:4px;background:#e7f5ff;color:#1864ab}
.m-post{background:#ebfbee;color:#2b8a3e}.m-patch,.m-put{background:#fff4e6;color:#a14a00}.m-delete{background:#fff5f5;color:#c92a2a}
small{color:#495057}table{border-collapse:collapse}td,th{border:1px solid #dee2e6;padding:.2rem .5rem;text-align:left}
a{color:#1864ab}.scroll{overflow-x:auto}h3 code,nav a{overflow-wrap:anywhere}
@media (min-width:48rem){nav ul{columns:2}}
</style></head><body>
<header><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
${doc.info.description ? `<p>${escape(doc.info.description)}</p>` : ''}
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></header>
<nav aria-label="Operations">${tags
    .map(
      (t) =>
        `<h2>${escape(t)}</h2><ul>${toc
          .get(t)!
          .map((l) => `<li>${l}</li>`)
          .join('')}</ul>`,
    )
    .join('')}</nav>
<main>${tags.map((t) => `<h2>${escape(t)}</h2>${byTag.get(t)!.join('\n')}`).join('\n')}</main>
</body></html>`;
}
