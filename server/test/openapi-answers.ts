import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks an answer against the served OpenAPI document with ajv: the operation declares its
 * status, with that content type, and the body fits the declared schema. Shared by the suites
 * that hold the server to its document (openapi-drift.test.ts, refusals.test.ts).
 */

export interface OpenApiResponse {
  content?: Record<string, { schema?: object }>;
}
export interface OpenApiOperation {
  /** Empty for the calls that need no session. */
  security?: unknown[];
  responses?: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<object, ValidateFunction>();

/**
 * What is wrong with an answer by the document, or null when it is declared and fits. `path` is
 * the document's (e.g. /api/videos/{id}), `method` lower case; a JSON body is checked as parsed,
 * any other (a CSV download, a page) as its text.
 */
export function answerProblem(
  doc: OpenApiDocument,
  answer: { path: string; method: string; status: number; type: string; body: string },
): string | null {
  const { path, method, status, type, body } = answer;
  const operation = doc.paths[path]?.[method];
  const where = `${method.toUpperCase()} ${path}`;
  if (!operation) return `${where} is not in the document`;
  const response = operation.responses?.[String(status)];
  if (!response) return `${where} answered ${status}, undeclared`;
  if (!response.content) {
    return body ? `${where} ${status}: a body where the document declares none` : null;
  }
  const schema = response.content[type]?.schema;
  if (!schema) return `${where} ${status} answered ${type}, undeclared`;
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  const value: unknown = type === 'application/json' ? JSON.parse(body) : body;
  return validate(value)
    ? null
    : `${where} ${status}: ${ajv.errorsText(validate.errors)} in ${body.slice(0, 300)}`;
}
