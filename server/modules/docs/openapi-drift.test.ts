import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_FIELDS } from '@domain/money';
import { createTestApp, seedUser, seedVideo, type TestApp } from '../../test/helper';
import { answerProblem, type OpenApiDocument } from '../../test/openapi-answers';

/**
 * The document cannot drift from the server (issue 16): a client is generated from the served
 * /api/openapi.json with openapi-typescript and must agree with the types the web takes from
 * domain/, and every answer of a real scenario, errors included, must be one the document
 * declares, in the shape it declares.
 */

const here = dirname(fileURLToPath(import.meta.url));

let t: TestApp;
let doc: OpenApiDocument;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

// --- The generated client ---------------------------------------------------------------------

/**
 * For each call, what the web sends (the z.input of its domain body or query) must be what the
 * generated client accepts, and each answer the generated client promises must be what the web
 * reads (the z.infer of its domain answer). A call that breaks either, or is missing from the
 * document, becomes a required property of `Failures`, which the empty object then lacks: the
 * type error names the call and what failed.
 */
const CONTRACT = `
import type { paths } from './openapi';
import type {
  AdminStats, AdminUser, CreateUserBody, EditUserBody, ResetPasswordBody, VipBody,
} from '@domain/admin';
import type { MessageAnswer } from '@domain/api';
import type {
  AssignedClients, AssignedEditors, Assignment, AssignmentList, ClientWithCounts,
  CreateAssignmentBody, EditorWithCounts,
} from '@domain/assignments';
import type { ChangePasswordBody, LoginBody, ProfileUpdateBody, RegisterBody } from '@domain/auth';
import type { ReviewReminders } from '@domain/client-turn';
import type {
  CommentDoneBody, CommentInput, CommentListQuery, CommentView,
} from '@domain/comments';
import type { EmailSettings, OutboxView } from '@domain/email';
import type {
  ClientCustomPrice, ClientPlan, ClientPlanBody, ClientPricingDetail, ClientPricingList,
  CreatePlanBody, CreateRuleBody, CustomPriceBody, DefaultPriceBody,
  InvoicingQueryInput, InvoicingRow, LedgerEvent, PaymentAmountBody, PaymentBody, PaymentResult,
  PricingPlan, PricingRule, RevenueBreakdown, RevenueBreakdownQuery, RevenueSummary,
  RevenueSummaryQuery, RevenueTrend, RevenueTrendsQuery, UnpaidAging, UpdatePlanBody,
  UpdateRuleBody, VideoPayment, VideoTypePrice,
} from '@domain/invoicing';
import type {
  Agency, AgencyBody, ClientBilling, ClientBillingBody, InvoiceAction, InvoiceDetail, InvoicePreview,
  InvoiceListQuery, InvoiceSummary, IssueInvoiceBody, SendInvoiceBody,
} from '@domain/invoices';
import type { LeadSummary, LeadSummaryQuery } from '@domain/lead-dashboard';
import type {
  CreatedReviewLink, CreateReviewLinkInput, GuestCommentInput, GuestCommentView,
  GuestDecisionInput, GuestVideoView, ReviewLinkView, ReviewPageView, ReviewRefusal,
} from '@domain/review-links';
import type { TurnaroundFigures, TurnaroundQuery } from '@domain/turnaround';
import type { AddVersionBody, RoundView, VersionList, VersionView } from '@domain/versions';
import type {
  CheckDelayedAnswer, ClearAllAnswer, MarkAllReadAnswer, NotificationCount, RestoreAnswer,
  RestoreBody,
} from '@domain/notification-schemas';
import type { MarkersQuery, MultiMarkersQuery } from '@domain/markers';
import type { NotificationView } from '@domain/notifications';
import type {
  LedClientList, TeamLeadAssignment, TeamLeadAssignmentBody, TeamLeadList,
} from '@domain/team-leads';
import type {
  CodeBody, DisableBody, Enrolled, LoginAnswer, RecoveryCodes, TwoFactorPolicy, TwoFactorSetup,
  TwoFactorStatus,
} from '@domain/two-factor';
import type { DirectoryUser, PublicUser } from '@domain/user';
import type {
  AdminBulkDeleteAnswer, AssignedEditorBody, BulkDeleteAnswer, BulkDeleteBody, BulkDeleteRefusal,
  CreateVideoBody, StatusBody, UpdateVideoBody, VideoCount, VideoListQuery, VideoView,
} from '@domain/videos';

/** What the web sends and reads, call by call: the domain's types. */
interface Web {
  'POST /api/auth/login': { sends: LoginBody; reads: { 200: LoginAnswer; 401: MessageAnswer } };
  'POST /api/auth/register': { sends: RegisterBody; reads: { 201: PublicUser; 409: MessageAnswer } };
  'GET /api/auth/me': { reads: { 200: PublicUser } };
  'PATCH /api/auth/change-password': { sends: ChangePasswordBody; reads: { 200: MessageAnswer } };
  'GET /api/users/search': { reads: { 200: DirectoryUser[] } };
  'GET /api/users/{id}': { reads: { 200: DirectoryUser } };
  'PATCH /api/users/{id}': { sends: ProfileUpdateBody; reads: { 200: PublicUser } };
  'GET /api/king/users': { reads: { 200: PublicUser[] } };
  'GET /api/videos': { query: VideoListQuery; reads: { 200: VideoView[] } };
  'POST /api/videos': { sends: CreateVideoBody; reads: { 201: VideoView } };
  'GET /api/videos/count': { reads: { 200: VideoCount } };
  'PATCH /api/videos/{id}': { sends: UpdateVideoBody; reads: { 200: VideoView; 409: MessageAnswer } };
  'PATCH /api/videos/{id}/status': { sends: StatusBody; reads: { 200: VideoView } };
  'PATCH /api/videos/{id}/assigned-editor': { sends: AssignedEditorBody };
  'POST /api/videos/bulk-delete': {
    sends: BulkDeleteBody;
    reads: { 200: BulkDeleteAnswer; 403: BulkDeleteRefusal };
  };
  'POST /api/admin/videos/bulk-delete': { sends: BulkDeleteBody; reads: { 200: AdminBulkDeleteAnswer } };
  'GET /api/videos/{id}/comments': { query: CommentListQuery; reads: { 200: CommentView[] } };
  'POST /api/videos/{id}/comments': { sends: CommentInput; reads: { 201: CommentView } };
  'PUT /api/comments/{id}/done': {
    sends: CommentDoneBody;
    reads: { 200: CommentView; 403: MessageAnswer };
  };
  'GET /api/videos/{id}/versions': { reads: { 200: VersionList } };
  'POST /api/videos/{id}/versions': {
    sends: AddVersionBody;
    reads: { 201: VersionView; 400: MessageAnswer; 403: MessageAnswer };
  };
  'GET /api/videos/{id}/rounds': { reads: { 200: RoundView[] } };
  'POST /api/review-links': { sends: CreateReviewLinkInput; reads: { 201: CreatedReviewLink } };
  'GET /api/videos/{id}/review-links': { reads: { 200: ReviewLinkView[] } };
  'DELETE /api/review-links/{id}': { reads: { 200: MessageAnswer } };
  'GET /api/review/{token}': {
    reads: { 200: ReviewPageView; 401: ReviewRefusal; 404: ReviewRefusal; 410: ReviewRefusal };
  };
  'POST /api/review/{token}/videos/{videoId}/comments': {
    sends: GuestCommentInput;
    reads: { 201: GuestCommentView; 404: ReviewRefusal; 409: MessageAnswer; 410: ReviewRefusal };
  };
  'POST /api/review/{token}/videos/{videoId}/decision': {
    sends: GuestDecisionInput;
    reads: { 200: GuestVideoView; 409: MessageAnswer; 410: ReviewRefusal };
  };
  'GET /api/videos/{id}/mentionable': { reads: { 200: DirectoryUser[] } };
  'GET /api/videos/{id}/markers': { query: MarkersQuery };
  'GET /api/videos/markers': { query: MultiMarkersQuery };
  'GET /api/notifications': { reads: { 200: NotificationView[] } };
  'GET /api/notifications/count': { reads: { 200: NotificationCount } };
  'PATCH /api/notifications/{id}/read': { reads: { 200: NotificationView } };
  'POST /api/notifications/mark-all-read': { reads: { 200: MarkAllReadAnswer } };
  'DELETE /api/notifications/clear-all': { reads: { 200: ClearAllAnswer } };
  'POST /api/notifications/restore': { sends: RestoreBody; reads: { 200: RestoreAnswer } };
  'POST /api/notifications/check-delayed': { reads: { 200: CheckDelayedAnswer } };
  'GET /api/team-leads': { reads: { 200: TeamLeadList } };
  'POST /api/team-leads': {
    sends: TeamLeadAssignmentBody;
    reads: { 201: TeamLeadAssignment; 409: MessageAnswer };
  };
  'GET /api/team-leads/my-clients': { reads: { 200: LedClientList } };
  'GET /api/admin/stats': { reads: { 200: AdminStats; 403: MessageAnswer } };
  'GET /api/admin/users': { reads: { 200: AdminUser[] } };
  'POST /api/admin/users': {
    sends: CreateUserBody;
    reads: { 201: PublicUser; 400: MessageAnswer; 409: MessageAnswer };
  };
  'PATCH /api/admin/users/{id}': { sends: EditUserBody; reads: { 200: PublicUser } };
  'DELETE /api/admin/users/{id}': { reads: { 200: MessageAnswer; 404: MessageAnswer } };
  'PATCH /api/admin/users/{id}/vip': { sends: VipBody; reads: { 200: PublicUser; 400: MessageAnswer } };
  'PATCH /api/admin/users/{id}/reset-password': {
    sends: ResetPasswordBody;
    reads: { 200: MessageAnswer };
  };
  'GET /api/clients': { reads: { 200: ClientWithCounts[] } };
  'GET /api/editors': { reads: { 200: EditorWithCounts[] } };
  'GET /api/clients/{clientId}/editors': { reads: { 200: AssignedEditors; 404: MessageAnswer } };
  'GET /api/assignments/my-clients': { reads: { 200: AssignedClients } };
  'GET /api/assignments/my-editors': { reads: { 200: AssignedEditors } };
  'GET /api/assignments': { reads: { 200: AssignmentList; 403: MessageAnswer } };
  'POST /api/assignments': {
    sends: CreateAssignmentBody;
    reads: { 201: Assignment; 400: MessageAnswer; 409: MessageAnswer };
  };
  'DELETE /api/assignments/{clientId}/{editorId}': {
    reads: { 200: MessageAnswer; 404: MessageAnswer };
  };
  'GET /api/lead/summary': {
    query: LeadSummaryQuery;
    reads: { 200: LeadSummary; 403: MessageAnswer };
  };
  'GET /api/lead/turnaround': {
    query: TurnaroundQuery;
    reads: { 200: TurnaroundFigures; 403: MessageAnswer };
  };
  'GET /api/admin/invoicing': { query: InvoicingQueryInput; reads: { 200: InvoicingRow[] } };
  'GET /api/admin/revenue/summary': { query: RevenueSummaryQuery; reads: { 200: RevenueSummary } };
  'GET /api/admin/revenue/trends': { query: RevenueTrendsQuery; reads: { 200: RevenueTrend } };
  'PATCH /api/admin/payment': { sends: PaymentBody; reads: { 200: PaymentResult } };
  'PATCH /api/admin/payment/reverse': { sends: PaymentBody; reads: { 200: PaymentResult } };
  'PATCH /api/admin/videos/{id}/payment-amount': {
    sends: PaymentAmountBody;
    reads: { 200: VideoPayment; 409: MessageAnswer };
  };
  'GET /api/video-types': { reads: { 200: VideoTypePrice[] } };
  'PATCH /api/admin/video-types/{id}/price': {
    sends: DefaultPriceBody;
    reads: { 200: VideoTypePrice };
  };
  'GET /api/admin/client-pricing': { reads: { 200: ClientPricingList } };
  'GET /api/admin/client-pricing/{clientId}': { reads: { 200: ClientPricingDetail } };
  'PATCH /api/admin/client-pricing/{clientId}/{videoTypeId}': {
    sends: CustomPriceBody;
    reads: { 200: ClientCustomPrice };
  };
  'DELETE /api/admin/client-pricing/{clientId}/{videoTypeId}': { reads: { 200: MessageAnswer } };
  'PUT /api/admin/clients/{clientId}/pricing-plan': {
    sends: ClientPlanBody;
    reads: { 200: ClientPlan };
  };
  'GET /api/admin/pricing-plans': { reads: { 200: PricingPlan[] } };
  'POST /api/admin/pricing-plans': {
    sends: CreatePlanBody;
    reads: { 201: PricingPlan; 409: MessageAnswer };
  };
  'PATCH /api/admin/pricing-plans/{id}': {
    sends: UpdatePlanBody;
    reads: { 200: PricingPlan; 409: MessageAnswer };
  };
  'DELETE /api/admin/pricing-plans/{id}': { reads: { 200: MessageAnswer } };
  'POST /api/admin/pricing-plans/{id}/rules': { sends: CreateRuleBody; reads: { 201: PricingRule } };
  'PATCH /api/admin/pricing-plans/{id}/rules/{ruleId}': {
    sends: UpdateRuleBody;
    reads: { 200: PricingRule };
  };
  'DELETE /api/admin/pricing-plans/{id}/rules/{ruleId}': { reads: { 200: MessageAnswer } };
  'GET /api/admin/payments': { reads: { 200: LedgerEvent[] } };
  'GET /api/admin/agency': { reads: { 200: Agency } };
  'PUT /api/admin/agency': { sends: AgencyBody; reads: { 200: Agency } };
  'GET /api/admin/clients/{id}/billing': { reads: { 200: ClientBilling } };
  'PUT /api/admin/clients/{id}/billing': { sends: ClientBillingBody; reads: { 200: ClientBilling } };
  'GET /api/admin/clients/{id}/invoice-preview': {
    reads: { 200: InvoicePreview; 404: MessageAnswer; 409: MessageAnswer };
  };
  'GET /api/admin/invoices': { query: InvoiceListQuery; reads: { 200: InvoiceSummary[] } };
  'POST /api/admin/invoices': {
    sends: IssueInvoiceBody;
    reads: { 201: InvoiceDetail; 404: MessageAnswer; 409: MessageAnswer };
  };
  'GET /api/admin/invoices/{id}': { reads: { 200: InvoiceDetail } };
  'POST /api/admin/invoices/{id}/pay': { reads: { 200: InvoiceAction } };
  'POST /api/admin/invoices/{id}/send': {
    sends: SendInvoiceBody;
    reads: { 200: InvoiceAction; 409: MessageAnswer };
  };
  'GET /api/me/invoices': { reads: { 200: InvoiceSummary[] } };
  'GET /api/me/invoices/{id}': { reads: { 200: InvoiceDetail } };
  'GET /api/admin/revenue/breakdown': {
    query: RevenueBreakdownQuery;
    reads: { 200: RevenueBreakdown };
  };
  'GET /api/admin/revenue/unpaid-aging': { reads: { 200: UnpaidAging } };
  'GET /api/email/settings': { reads: { 200: EmailSettings } };
  'PUT /api/email/settings': { sends: EmailSettings; reads: { 200: EmailSettings } };
  'GET /api/admin/email-outbox': { reads: { 200: OutboxView } };
  'GET /api/admin/review-reminders': { reads: { 200: ReviewReminders } };
  'PUT /api/admin/review-reminders': { sends: ReviewReminders; reads: { 200: ReviewReminders } };
  'GET /api/auth/two-factor': { reads: { 200: TwoFactorStatus } };
  'POST /api/auth/two-factor/setup': { reads: { 200: TwoFactorSetup; 409: MessageAnswer } };
  'POST /api/auth/two-factor/enable': { sends: CodeBody; reads: { 200: RecoveryCodes } };
  'POST /api/auth/two-factor/recovery-codes': { sends: CodeBody; reads: { 200: RecoveryCodes } };
  'POST /api/auth/two-factor/disable': { sends: DisableBody; reads: { 200: MessageAnswer } };
  'POST /api/auth/login/two-factor': { reads: { 200: PublicUser; 401: MessageAnswer } };
  'POST /api/auth/login/two-factor/setup': { reads: { 200: TwoFactorSetup } };
  'POST /api/auth/login/two-factor/enable': { reads: { 200: Enrolled } };
  'GET /api/admin/two-factor': { reads: { 200: TwoFactorPolicy } };
  'PUT /api/admin/two-factor': { sends: TwoFactorPolicy; reads: { 200: TwoFactorPolicy } };
  'DELETE /api/admin/users/{id}/two-factor': { reads: { 200: MessageAnswer; 409: MessageAnswer } };
}

type Operation<K> = K extends \`\${infer M} \${infer P}\`
  ? P extends keyof paths
    ? Lowercase<M> extends keyof paths[P]
      ? paths[P][Lowercase<M>]
      : never
    : never
  : never;
type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type Body<O> = O extends { requestBody?: infer R } ? Json<Exclude<R, undefined>> : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
type Answer<O, S> = O extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never;
type IsNever<T> = [T] extends [never] ? true : false;
type Fits<From, To, What extends string> =
  IsNever<From> extends true ? \`\${What} missing\`
  : IsNever<To> extends true ? \`\${What} missing\`
  : [From] extends [To] ? never
  : \`\${What} does not fit\`;
type Check<O, W> =
  IsNever<O> extends true ? 'not in the document'
  : | (W extends { sends: infer B } ? Fits<B, Body<O>, 'body'> : never)
    | (W extends { query: infer Q } ? Fits<Q, Query<O>, 'query'> : never)
    | (W extends { reads: infer R }
        ? { [S in keyof R]: Fits<Answer<O, S>, R[S], \`\${S & number} answer\`> }[keyof R]
        : never);
type Failures = {
  [K in keyof Web as IsNever<Check<Operation<K>, Web[K]>> extends true ? never : K]: Check<
    Operation<K>,
    Web[K]
  >;
};

export const failures: Failures = {};
`;

/** The variable declaration at a position of a file, if any. */
function declarationAt(file: ts.SourceFile, position: number) {
  let found: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node) => {
    if (position < node.getStart(file) || position >= node.getEnd()) return;
    if (ts.isVariableDeclaration(node)) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Type-checks in-memory files (placed in this folder, so imports resolve as in the repo). */
function typeErrors(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    // The repository's alias (tsconfig.json), as an absolute path: these options have no file.
    paths: { '@domain/*': [join(here, '../../../domain/*')] },
  };
  const host = ts.createCompilerHost(options);
  const { directoryExists, fileExists, readFile, getSourceFile } = host;
  const dirs = new Set(Object.keys(files).map((name) => dirname(name)));
  host.directoryExists = (name) => dirs.has(name) || (directoryExists?.(name) ?? false);
  host.fileExists = (name) => name in files || fileExists(name);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.getSourceFile = (name, language, ...rest) => {
    const text = files[name];
    return text === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram(Object.keys(files), options, host);
  const checker = program.getTypeChecker();
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    if (!d.file || d.start === undefined) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    // On a declaration with a type (`failures: Failures`), that type says what failed.
    const declared = declarationAt(d.file, d.start)?.type;
    const why = declared
      ? checker.typeToString(
          checker.getTypeFromTypeNode(declared),
          undefined,
          ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias,
        )
      : d.file.text.split('\n')[line]?.trim();
    return `${d.file.fileName.slice(here.length + 1)}:${line + 1} ${message} ${why}`;
  });
}

describe('a client generated from /api/openapi.json (openapi-typescript)', () => {
  it('agrees with the request and answer types the web takes from domain/', async () => {
    const generated = astToString(await openapiTS(structuredClone(doc) as never));
    expect(generated).toContain('"/api/videos/{id}/status"');
    const dir = join(here, '__generated__');
    const errors = typeErrors({
      [join(dir, 'openapi.ts')]: generated,
      [join(dir, 'contract.ts')]: CONTRACT,
    });
    expect(errors).toEqual([]);
  }, 120_000);

  it('types every money field as a string (issue 46)', async () => {
    // Every field of these names that is not a count, a flag or an object is an amount.
    const moneyNames = new Set([
      ...Object.keys(MONEY_FIELDS),
      ...['amount', 'total', 'paid', 'balance', 'subtotal', 'tax', 'fee', 'revenue', 'payouts'],
      ...['margin', 'effectivePrice', 'lockedPrice', 'typedAmount', 'totalRevenue'],
      ...['averagePerVideo', 'extraRoundsOwed', 'extraRoundsTotal'],
    ]);
    const notAmounts = new Set(['number', 'integer', 'boolean', 'object', 'array']);
    const problems: string[] = [];
    let amounts = 0;
    const visit = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, Record<string, unknown>> })
        .properties;
      for (const [name, schema] of Object.entries(properties ?? {})) {
        if (!moneyNames.has(name)) continue;
        const branches = (schema.anyOf as Record<string, unknown>[] | undefined) ?? [schema];
        const amount = branches.find((b) => b.type !== 'null');
        if (!amount || notAmounts.has(amount.type as string)) continue;
        amounts++;
        const money = amount.type === 'string' && typeof amount.pattern === 'string';
        if (!money) problems.push(`${at}/${name}: ${JSON.stringify(amount)}`);
        else expect(String(amount.description)).toMatch(/^Money: /);
      }
      for (const [key, inner] of Object.entries(node)) visit(inner, `${at}/${key}`);
    };
    visit(doc.paths, '#/paths');
    expect(problems, 'money fields without a string type and pattern').toEqual([]);
    expect(amounts).toBeGreaterThan(100);

    // The generated client: each of them is a string (or null), never unknown nor a number.
    const generated = astToString(await openapiTS(structuredClone(doc) as never));
    const file = ts.createSourceFile('openapi.ts', generated, ts.ScriptTarget.ES2022, true);
    const loose: string[] = [];
    let strings = 0;
    const walk = (node: ts.Node) => {
      if (ts.isPropertySignature(node) && node.type && moneyNames.has(node.name.getText(file))) {
        const type = node.type.getText(file);
        if (/^string( \| null)?$/.test(type)) strings++;
        else if (/unknown|string \| number|number \| string/.test(type)) {
          loose.push(`${node.name.getText(file)}: ${type}`);
        }
      }
      ts.forEachChild(node, walk);
    };
    walk(file);
    expect(loose, 'money fields a generated client does not type as strings').toEqual([]);
    expect(strings).toBeGreaterThanOrEqual(amounts);
  }, 120_000);
});

// --- A scenario's answers -----------------------------------------------------------------------

interface Call {
  /** The path as the document names it, e.g. /api/videos/{id}. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as is, with this content type (a malformed or non-JSON body). */
  raw?: { type: string; text: string };
  cookie?: string;
}

const problems: string[] = [];
const statuses = new Set<number>();

/**
 * Sends one call over HTTP as a generated client does (JSON content type on every unsafe call,
 * with or without a body) and checks the answer against the document.
 */
async function call(method: string, { path, params, query, body, raw, cookie }: Call) {
  const url = new URL(
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? '')),
    base,
  );
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const unsafe = method !== 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (unsafe) headers['content-type'] = raw?.type ?? 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: raw ? raw.text : body === undefined ? (unsafe ? '' : undefined) : JSON.stringify(body),
  });
  const text = await res.text();
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  statuses.add(res.status);
  const problem = answerProblem(doc, {
    path,
    method: method.toLowerCase(),
    status: res.status,
    type,
    body: text,
  });
  if (problem) problems.push(problem);
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

async function signIn(username: string) {
  const res = await fetch(new URL('/api/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'secret123' }),
  });
  const sid = /(?:^|,\s*)(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error(`no session for ${username}: ${res.status}`);
  return sid;
}

describe("a scenario's answers", () => {
  it('are each declared by the document, in the declared shape', async () => {
    const client = await seedUser(t, { username: 'drift-client', name: 'Drift Client' });
    const lead = await seedUser(t, { username: 'drift-lead', role: 'client_team_lead' });
    await seedUser(t, { username: 'drift-king', role: 'king', isAdmin: 'true' });

    // Auth: a failed and a good sign-in, a taken username, the session's user.
    await call('POST', {
      path: '/api/auth/login',
      body: { username: 'drift-client', password: 'wrong-password' },
    });
    await call('POST', {
      path: '/api/auth/login',
      body: { username: 'drift-client', password: 'secret123' },
    });
    await call('POST', {
      path: '/api/auth/register',
      body: { username: 'drift-client', password: 'secret123' },
    });
    await call('GET', { path: '/api/auth/me' });
    const asClient = await signIn('drift-client');
    const asKing = await signIn('drift-king');
    await call('GET', { path: '/api/auth/me', cookie: asClient });

    // Videos: create, list, count, read, edit, move, and the errors a client meets.
    const created = await call('POST', {
      path: '/api/videos',
      cookie: asClient,
      body: { name: 'Drift video', link: 'https://youtu.be/dQw4w9WgXcQ', type: 'consultation' },
    });
    expect(created.status, created.text).toBe(201);
    const id = String(created.json().id);
    await call('GET', { path: '/api/videos', cookie: asClient });
    await call('GET', { path: '/api/videos', cookie: asKing, query: { limit: '1' } });
    await call('GET', { path: '/api/videos/count', cookie: asClient });
    await call('GET', { path: '/api/videos/{id}', params: { id }, cookie: asClient });
    await call('GET', {
      path: '/api/videos/{id}',
      params: { id: '00000000-0000-4000-8000-000000000000' },
      cookie: asClient,
    });
    await call('PATCH', {
      path: '/api/videos/{id}',
      params: { id },
      cookie: asClient,
      body: { description: 'What the video is about' },
    });
    // The king starts work on it (the client hears of it); the client may not post it (403).
    for (const [cookie, status] of [
      [asKing, 'in_progress'],
      [asClient, 'posted'],
    ]) {
      await call('PATCH', {
        path: '/api/videos/{id}/status',
        params: { id },
        cookie,
        body: { status },
      });
    }
    await call('POST', {
      path: '/api/videos',
      cookie: asClient,
      raw: { type: 'application/xml', text: '<video/>' },
    });
    await call('POST', {
      path: '/api/videos',
      cookie: asClient,
      raw: { type: 'application/json', text: '{"link": ' },
    });
    await call('POST', { path: '/api/videos', cookie: asClient, body: { link: 'not a link' } });
    await call('GET', { path: '/api/king/users', cookie: asKing });
    await call('GET', {
      path: '/api/king/users/{id}/videos',
      params: { id: client.id },
      cookie: asKing,
    });

    // Comments.
    const comment = await call('POST', {
      path: '/api/videos/{id}/comments',
      params: { id },
      cookie: asClient,
      body: { content: 'First cut at 0:42, please' },
    });
    await call('GET', { path: '/api/videos/{id}/comments', params: { id }, cookie: asKing });
    await call('GET', { path: '/api/videos/{id}/mentionable', params: { id }, cookie: asClient });
    // Versions (issue 41): the client may not add one (403); the king adds v1, closing the
    // client's note, and cannot close it twice (400); notes on v1, one marked done, the client
    // refused another's; the versions and rounds read.
    const cut = { link: 'https://cdn.example.com/v1.mp4', note: 'First cut' };
    await call('POST', {
      path: '/api/videos/{id}/versions',
      params: { id },
      cookie: asClient,
      body: cut,
    });
    const noteId = String(comment.json().id);
    const added = await call('POST', {
      path: '/api/videos/{id}/versions',
      params: { id },
      cookie: asKing,
      body: { ...cut, close: [noteId] },
    });
    expect(added.status, added.text).toBe(201);
    await call('POST', {
      path: '/api/videos/{id}/versions',
      params: { id },
      cookie: asKing,
      body: { ...cut, carry: [noteId] },
    });
    const onV1 = await call('POST', {
      path: '/api/videos/{id}/comments',
      params: { id },
      cookie: asKing,
      body: { content: 'Colour pass done', version: 1 },
    });
    for (const cookie of [asKing, asClient]) {
      await call('PUT', {
        path: '/api/comments/{id}/done',
        params: { id: String(onV1.json().id) },
        cookie,
        body: { done: true },
      });
    }
    await call('GET', {
      path: '/api/videos/{id}/comments',
      params: { id },
      query: { version: '1' },
      cookie: asClient,
    });
    await call('GET', { path: '/api/videos/{id}/versions', params: { id }, cookie: asClient });
    await call('GET', { path: '/api/videos/{id}/rounds', params: { id }, cookie: asClient });
    // Markers: each format of one video, several videos in one CSV, a bad format, a missing video.
    await call('POST', {
      path: '/api/videos/{id}/comments',
      params: { id },
      body: { content: 'Markers have a note to write', time: '0:05' },
      cookie: asClient,
    });
    for (const format of ['csv', 'fcpxml', 'xmeml', 'edl', 'srt', 'vtt', 'xml']) {
      const query = { format };
      await call('GET', {
        path: '/api/videos/{id}/markers',
        params: { id },
        query,
        cookie: asClient,
      });
    }
    const nobody = { id: '00000000-0000-4000-8000-000000000000' };
    const csv = { format: 'csv' };
    await call('GET', {
      path: '/api/videos/{id}/markers',
      params: nobody,
      query: csv,
      cookie: asKing,
    });
    for (const format of ['csv', 'edl']) {
      const query = { ids: `${id},${id}`, format };
      await call('GET', { path: '/api/videos/markers', query, cookie: asClient });
    }
    await call('DELETE', {
      path: '/api/comments/{id}',
      params: { id: String(comment.json().id) },
      cookie: asClient,
    });

    // Notifications: the king's move told the client; the bodiless calls go as JSON too.
    const list = await call('GET', {
      path: '/api/notifications',
      cookie: asClient,
      query: { includeRead: 'true' },
    });
    const [first] = JSON.parse(list.text) as { id: string }[];
    expect(first, list.text).toBeDefined();
    await call('GET', { path: '/api/notifications/count', cookie: asClient });
    await call('PATCH', {
      path: '/api/notifications/{id}/read',
      params: { id: first!.id },
      cookie: asClient,
    });
    const markAll = await call('POST', {
      path: '/api/notifications/mark-all-read',
      cookie: asClient,
    });
    expect(markAll.status, markAll.text).toBe(200);
    await call('POST', { path: '/api/notifications/check-delayed', cookie: asKing });
    const clear = await call('DELETE', { path: '/api/notifications/clear-all', cookie: asClient });
    expect(clear.status, clear.text).toBe(200);
    const { undoId } = JSON.parse(clear.text) as { undoId: string };
    const restore = await call('POST', {
      path: '/api/notifications/restore',
      cookie: asClient,
      body: { undoId },
    });
    expect(restore.status, restore.text).toBe(200);
    // Once only: the second is the shared 404.
    await call('POST', { path: '/api/notifications/restore', cookie: asClient, body: { undoId } });
    await call('DELETE', { path: '/api/notifications/clear-all', cookie: asClient });

    // Users, team leads, health.
    await call('GET', { path: '/api/users/search', cookie: asKing, query: { q: 'drift' } });
    await call('GET', { path: '/api/users/{id}', params: { id: client.id }, cookie: asClient });
    await call('PATCH', {
      path: '/api/users/{id}',
      params: { id: client.id },
      cookie: asClient,
      body: { name: 'Drift Client Renamed' },
    });
    const pair = { clientId: client.id, teamLeadId: lead.id };
    await call('POST', { path: '/api/team-leads', cookie: asKing, body: pair });
    await call('POST', { path: '/api/team-leads', cookie: asKing, body: pair });
    await call('GET', { path: '/api/team-leads', cookie: asKing });
    await call('GET', { path: '/api/team-leads', cookie: asClient });
    await call('GET', { path: '/api/team-leads/my-clients', cookie: await signIn('drift-lead') });
    await call('DELETE', {
      path: '/api/team-leads/{clientId}/{teamLeadId}',
      params: pair,
      cookie: asKing,
    });
    await call('POST', {
      path: '/api/videos/bulk-delete',
      cookie: asClient,
      body: { ids: [id, '00000000-0000-4000-8000-000000000000'] },
    });
    await call('POST', { path: '/api/videos/bulk-delete', cookie: asClient, body: { ids: [id] } });
    await call('GET', { path: '/api/health' });
    await call('GET', { path: '/api/ready' });
    await call('PATCH', {
      path: '/api/auth/change-password',
      cookie: asClient,
      body: { currentPassword: 'secret123', newPassword: 'secret456' },
    });
    await call('POST', { path: '/api/auth/logout', cookie: asClient });

    expect(problems).toEqual([]);
    // The scenario met the error answers it is there for, not only successes.
    expect([...statuses].sort((a, b) => a - b)).toEqual([200, 201, 400, 401, 403, 404, 409, 415]);
  });

  it('of the admin, assignment, lead, invoicing, pricing and report calls too', async () => {
    problems.length = 0;
    statuses.clear();
    const client = await seedUser(t, { username: 'books-client', name: 'Books Client' });
    const editor = await seedUser(t, { username: 'books-editor', role: 'editor', name: 'Ed' });
    await seedUser(t, { username: 'books-king', role: 'king', isAdmin: 'true', name: 'K' });
    const asKing = await signIn('books-king');
    const asClient = await signIn('books-client');
    const asEditor = await signIn('books-editor');
    /** A call, as the king (who may make every one of these) unless `cookie` says otherwise. */
    const send = (method: string, path: string, rest: Omit<Call, 'path'> = {}) =>
      call(method, { path, cookie: asKing, ...rest });

    // Admin: the dashboard's counts (not for a client) and users; a user made, refused, edited,
    // reset and removed; a client made a VIP, an editor refused it.
    await send('GET', '/api/admin/stats');
    await send('GET', '/api/admin/stats', { cookie: asClient });
    await send('GET', '/api/admin/users');
    const newUser = { username: 'books-made', name: 'Made', password: 'secret123', role: 'editor' };
    const made = await send('POST', '/api/admin/users', { body: newUser });
    expect(made.status, made.text).toBe(201);
    for (const body of [newUser, { ...newUser, username: 'books-king-two', role: 'king' }]) {
      await send('POST', '/api/admin/users', { body });
    }
    const madeId = { id: String(made.json().id) };
    await send('PATCH', '/api/admin/users/{id}', { params: madeId, body: { name: 'Made Again' } });
    for (const id of [client.id, madeId.id]) {
      await send('PATCH', '/api/admin/users/{id}/vip', { params: { id }, body: { isVip: true } });
    }
    const reset = { params: madeId, body: { newPassword: 'secret456' } };
    await send('PATCH', '/api/admin/users/{id}/reset-password', reset);
    for (let i = 0; i < 2; i++) await send('DELETE', '/api/admin/users/{id}', { params: madeId });

    // Assignments: the lists of people, a pair made (twice), read from each side.
    await send('GET', '/api/clients');
    await send('GET', '/api/editors');
    const pair = { clientId: client.id, editorId: editor.id };
    for (let i = 0; i < 2; i++) await send('POST', '/api/assignments', { body: pair });
    for (const cookie of [asKing, asClient]) await send('GET', '/api/assignments', { cookie });
    const ofClient = { params: { clientId: client.id } };
    await send('GET', '/api/clients/{clientId}/editors', { ...ofClient, cookie: asClient });
    await send('GET', '/api/assignments/my-clients', { cookie: asEditor });
    await send('GET', '/api/assignments/my-editors', { cookie: asClient });

    // The lead dashboard's tiles, for a manager (of one client too), refused to a client.
    await send('GET', '/api/lead/summary');
    await send('GET', '/api/lead/summary', { query: { clientId: client.id, q: 'promo' } });
    await send('GET', '/api/lead/summary', { cookie: asClient });
    // Its turnaround figures: the default range, a chosen one, a reversed one, a client's call.
    await send('GET', '/api/lead/turnaround');
    await send('GET', '/api/lead/turnaround', { query: { from: '2026-01-01', to: '2026-01-31' } });
    await send('GET', '/api/lead/turnaround', { query: { from: '2026-02-01', to: '2026-01-01' } });
    await send('GET', '/api/lead/turnaround', { cookie: asClient });

    // Prices: a type's default (and a refused one), a client's own price set and removed (the
    // second time there is none), a plan with a rule, given to the client.
    const types = await send('GET', '/api/video-types');
    await send('GET', '/api/video-types', { cookie: asClient });
    const vlog = (JSON.parse(types.text) as { id: string; name: string }[]).find(
      (type) => type.name === 'vlog',
    )!;
    for (const defaultPrice of ['10.00', '-1']) {
      const price = { params: { id: vlog.id }, body: { defaultPrice } };
      await send('PATCH', '/api/admin/video-types/{id}/price', price);
    }
    const custom = '/api/admin/client-pricing/{clientId}/{videoTypeId}';
    const customPrice = { params: { clientId: client.id, videoTypeId: vlog.id } };
    await send('PATCH', custom, { ...customPrice, body: { price: '9.50' } });
    await send('GET', '/api/admin/client-pricing');
    await send('GET', '/api/admin/client-pricing/{clientId}', ofClient);
    for (let i = 0; i < 2; i++) await send('DELETE', custom, customPrice);
    const planBody = { name: 'books-plan', description: 'For the drift test' };
    const plan = await send('POST', '/api/admin/pricing-plans', { body: planBody });
    expect(plan.status, plan.text).toBe(201);
    await send('POST', '/api/admin/pricing-plans', { body: { name: 'books-plan' } });
    const planPath = { id: String(plan.json().id) };
    const planChange = { params: planPath, body: { displayName: 'Books plan' } };
    await send('PATCH', '/api/admin/pricing-plans/{id}', planChange);
    const rule = await send('POST', '/api/admin/pricing-plans/{id}/rules', {
      params: planPath,
      body: { videoTypeId: vlog.id, maxDurationSeconds: 60, price: '8.00' },
    });
    expect(rule.status, rule.text).toBe(201);
    const rulePath = { ...planPath, ruleId: String(rule.json().id) };
    const ruleChange = { params: rulePath, body: { price: '8.50', maxDurationSeconds: null } };
    await send('PATCH', '/api/admin/pricing-plans/{id}/rules/{ruleId}', ruleChange);
    const clientPlan = '/api/admin/clients/{clientId}/pricing-plan';
    await send('PUT', clientPlan, { ...ofClient, body: { planId: planPath.id } });
    await send('GET', '/api/admin/pricing-plans');

    // Invoicing: a finished video priced, paid (its amount then locked), reported, paid back;
    // a custom range without its dates and a client's look are refused.
    const video = await seedVideo(t, {
      userId: client.id,
      assignedEditorId: editor.id,
      name: 'Books video',
      type: 'vlog',
      status: 'posted',
      finishDate: new Date(),
    });
    const videoIds = [video.id];
    const all = { dateFilter: 'all', sortBy: 'amount', sortOrder: 'desc', limit: '10' };
    const queries: Record<string, string>[] = [
      {},
      { ...all, offset: '0' },
      { dateFilter: 'custom' },
    ];
    for (const query of queries) {
      await send('GET', '/api/admin/invoicing', { query });
    }
    await send('GET', '/api/admin/invoicing', { cookie: asClient });
    const amount = '/api/admin/videos/{id}/payment-amount';
    await send('PATCH', amount, { params: { id: video.id }, body: { paymentAmount: '12.50' } });
    for (const ids of [videoIds, []]) {
      await send('PATCH', '/api/admin/payment', { body: { videoIds: ids } });
    }
    await send('PATCH', amount, { params: { id: video.id }, body: { paymentAmount: '13.00' } });
    for (const report of ['summary', 'trends', 'breakdown', 'unpaid-aging']) {
      await send('GET', `/api/admin/revenue/${report}`);
    }
    await send('GET', '/api/admin/payments');
    await send('GET', '/api/admin/payments.csv');
    await send('GET', '/api/admin/invoicing.csv', { query: { dateFilter: 'all' } });
    await send('PATCH', '/api/admin/payment/reverse', { body: { videoIds } });
    // Issued invoices (issue 42): the agency's and the client's details, an invoice issued (then
    // nothing is left to invoice), read, sent, paid; the client reads its own.
    await send('GET', '/api/admin/agency');
    await send('PUT', '/api/admin/agency', { body: { name: 'Books agency', taxRate: '8.25' } });
    await send('PUT', '/api/admin/agency', { body: { currency: 'XYZ' } });
    const billing = '/api/admin/clients/{id}/billing';
    await send('GET', billing, { params: { id: client.id } });
    await send('PUT', billing, { params: { id: client.id }, body: { billingEmail: 'b@x.test' } });
    const preview = '/api/admin/clients/{id}/invoice-preview';
    await send('GET', preview, { params: { id: client.id } });
    for (let i = 0; i < 2; i++) {
      await send('POST', '/api/admin/invoices', { body: { clientId: client.id } });
    }
    await send('GET', preview, { params: { id: client.id } });
    const issued = (await send('GET', '/api/admin/invoices')).json() as unknown as { id: string }[];
    const invoicePath = { id: issued[0]!.id };
    await send('GET', '/api/admin/invoices/{id}', { params: invoicePath });
    await send('POST', '/api/admin/invoices/{id}/send', { params: invoicePath, body: {} });
    await send('POST', '/api/admin/invoices/{id}/pay', { params: invoicePath });
    await send('GET', '/api/me/invoices', { cookie: asClient });
    await send('GET', '/api/me/invoices/{id}', { params: invoicePath, cookie: asClient });
    // When clients are reminded of a video waiting for their review (issue 41).
    await send('GET', '/api/admin/review-reminders');
    await send('PUT', '/api/admin/review-reminders', { body: { days: [0] } });
    await send('PUT', '/api/admin/review-reminders', { body: { days: [3, 7] } });
    await send('PUT', '/api/admin/review-reminders', { cookie: asEditor, body: { days: [3] } });

    // The pair and the rule removed (the second time, nothing is there), the plan taken back
    // and deleted.
    for (let i = 0; i < 2; i++) {
      await send('DELETE', '/api/assignments/{clientId}/{editorId}', { params: pair });
      await send('DELETE', '/api/admin/pricing-plans/{id}/rules/{ruleId}', { params: rulePath });
    }
    await send('PUT', clientPlan, { ...ofClient, body: { planId: null } });
    await send('DELETE', '/api/admin/pricing-plans/{id}', { params: planPath });

    expect(problems).toEqual([]);
    expect([...statuses].sort((a, b) => a - b)).toEqual([200, 201, 400, 403, 404, 409]);
  });
});
