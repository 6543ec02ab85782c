import { z } from 'zod';
import { username as usernameSchema } from './auth';
import { parseCsv } from './csv';
import { INVOICING_CSV_HEADER, UNASSIGNED_EDITOR } from './invoicing';
import { STATUS_LABELS, VIDEO_STATUSES, statusFromText, type VideoStatus } from './video-status';
import { BUILT_IN_VIDEO_TYPES, normalizeCustomType } from './video-types';
import { videoLink } from './videos';

/**
 * Importing clients and videos from a CSV (issue 46 part 5; docs/rules.md "Import"). A file is
 * checked whole first: each row is to be created, is there already (the same file imported
 * again creates nothing twice), or has problems; nothing is written unless no row has one.
 * Videos use the invoicing export's columns (INVOICING_CSV_HEADER: a file exported from
 * /invoicing comes back in), of which the import reads Video, Type, Status, Client, Editor and
 * Link; clients have Username, Name and VIP. Other columns are named in the preview as ignored.
 */

export const IMPORT_KINDS = ['clients', 'videos'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The most rows one file may hold. */
export const IMPORT_MAX_ROWS = 2000;
/** The most characters one file may hold (about 1,000 bytes a row). */
export const IMPORT_MAX_CHARS = 2_000_000;

const VIDEO_COLUMNS = {
  name: INVOICING_CSV_HEADER[0],
  type: INVOICING_CSV_HEADER[1],
  status: INVOICING_CSV_HEADER[2],
  client: INVOICING_CSV_HEADER[3],
  editor: INVOICING_CSV_HEADER[4],
  link: INVOICING_CSV_HEADER[11],
} as const;
const CLIENT_COLUMNS = { username: 'Username', name: 'Name', vip: 'VIP' } as const;

/** The columns each kind reads, in the order a template lists them; the first ones are required. */
export const IMPORT_COLUMNS: Record<
  ImportKind,
  { read: readonly string[]; required: readonly string[] }
> = {
  clients: { read: Object.values(CLIENT_COLUMNS), required: [CLIENT_COLUMNS.username] },
  videos: {
    read: Object.values(VIDEO_COLUMNS),
    required: [VIDEO_COLUMNS.name, VIDEO_COLUMNS.client, VIDEO_COLUMNS.link],
  },
};

export const IMPORT_MESSAGES = {
  forbidden: {
    clients: 'Only the king or an admin can import clients',
    videos: 'Only the king, an admin or a lead editor can import videos',
  },
  unreadable: 'The file is not a CSV: a quoted field is never closed',
  empty: 'The file has no rows under its header',
  tooMany: `A file may hold at most ${IMPORT_MAX_ROWS} rows: split it`,
  tooLong: `A file may hold at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters`,
  missingColumn: (column: string) => `The header has no "${column}" column`,
  hasProblems: (rows: number) =>
    `Nothing was imported: ${rows === 1 ? '1 row has' : `${rows} rows have`} problems`,
  required: (column: string) => `${column} is empty`,
  unknownClient: (name: string) => `No client is named "${name}"`,
  ambiguousClient: (name: string) => `More than one client is named "${name}": use the username`,
  unknownEditor: (name: string) => `No editor is named "${name}"`,
  ambiguousEditor: (name: string) => `More than one editor is named "${name}": use the username`,
  unknownStatus: (status: string) =>
    `"${status}" is not a status (${Object.values(STATUS_LABELS).join(', ')})`,
  vipInvalid: (value: string) => `VIP is "${value}": write yes or no`,
  usernameTaken: (username: string) => `"${username}" is someone who is not a client`,
  sameAsRow: (line: number) => `The same as line ${line}: imported once`,
  imported: (kind: ImportKind, created: number, existing: number) =>
    `Imported ${created} ${kind === 'clients' ? (created === 1 ? 'client' : 'clients') : created === 1 ? 'video' : 'videos'}` +
    (existing > 0 ? `; ${existing} ${existing === 1 ? 'was' : 'were'} there already` : ''),
} as const;

export const importParams = z.object({
  kind: z.enum(IMPORT_KINDS, { error: `The kind is one of ${IMPORT_KINDS.join(', ')}` }),
});

export const importBody = z.object({
  csv: z
    .string({ error: 'Send the file as the csv field' })
    .max(IMPORT_MAX_CHARS, IMPORT_MESSAGES.tooLong),
});

export const IMPORT_OUTCOMES = ['create', 'exists', 'invalid'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  /** What it shows: the video's or client's name. */
  label: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  problems: z.array(z.string()),
  notes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.array(importRowSchema),
  counts: z.object({ create: z.number(), exists: z.number(), invalid: z.number() }),
  /** Columns of the file the import does not read (an export's money and dates). */
  ignoredColumns: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importDoneSchema = z.object({
  message: z.string(),
  created: z.number(),
  existing: z.number(),
});

/** The refusal of a file with problems: the message and the preview naming them. */
export const importRefusedSchema = z.object({ message: z.string(), preview: importPreviewSchema });

// --- Reading a file ---------------------------------------------------------------------------

/** A file's rows as records by header name (trimmed cells), or the problem with the whole file. */
export function readImportFile(
  kind: ImportKind,
  csv: string,
):
  | { ok: true; records: Record<string, string>[]; ignored: string[] }
  | { ok: false; message: string } {
  const table = parseCsv(csv);
  if (!table) return { ok: false, message: IMPORT_MESSAGES.unreadable };
  const [header, ...body] = table;
  if (!header || body.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  if (body.length > IMPORT_MAX_ROWS) return { ok: false, message: IMPORT_MESSAGES.tooMany };
  const names = header.map((h) => h.trim());
  const { read, required } = IMPORT_COLUMNS[kind];
  const missing = required.find((column) => !names.includes(column));
  if (missing) return { ok: false, message: IMPORT_MESSAGES.missingColumn(missing) };
  const records = body.map((cells) =>
    Object.fromEntries(read.map((column) => [column, (cells[names.indexOf(column)] ?? '').trim()])),
  );
  return { ok: true, records, ignored: names.filter((n) => n !== '' && !read.includes(n)) };
}

// --- Planning --------------------------------------------------------------------------------

/** A person a name in the file may mean. */
export interface NamedPerson {
  id: string;
  username: string;
  name: string | null;
}

/** The one person a cell names (username first, then display name; both case-insensitive). */
function lookUp(
  people: readonly NamedPerson[],
  cell: string,
): { ok: true; id: string } | { ok: false; ambiguous: boolean } {
  const key = cell.toLowerCase();
  const byUsername = people.find((p) => p.username.toLowerCase() === key);
  if (byUsername) return { ok: true, id: byUsername.id };
  const byName = people.filter((p) => (p.name ?? '').trim().toLowerCase() === key);
  if (byName.length === 1) return { ok: true, id: byName[0]!.id };
  return { ok: false, ambiguous: byName.length > 1 };
}

/** A status cell: a status, its label or an alias the app knows; null when none. */
export function importStatus(cell: string): VideoStatus | null {
  if (cell === '') return 'draft';
  const key = cell.trim().toLowerCase();
  return (
    statusFromText(cell) ??
    VIDEO_STATUSES.find((status) => STATUS_LABELS[status].toLowerCase() === key) ??
    null
  );
}

/** A type cell: a built-in type by name or label, else a custom type's name; consultation if empty. */
export function importType(cell: string): string {
  if (cell === '') return 'consultation';
  const key = cell.trim().toLowerCase();
  const builtIn = BUILT_IN_VIDEO_TYPES.find(
    (t) => t.name === key || t.displayName.toLowerCase() === key,
  );
  return builtIn ? builtIn.name : normalizeCustomType(cell);
}

export interface PlannedVideo {
  clientId: string;
  editorId: string | null;
  name: string;
  type: string;
  status: VideoStatus;
  link: string;
}

export interface PlannedClient {
  username: string;
  name: string | null;
  isVip: boolean;
}

/** A video's identity for "there already": its client, name and link. */
export const videoKey = (v: { clientId: string; name: string; link: string }) =>
  `${v.clientId}\n${v.name.toLowerCase()}\n${v.link}`;

type Planned<T> = { row: ImportRow; value: T | null };

function finish<T>(planned: Planned<T>[], kind: ImportKind, ignored: string[]) {
  const rows = planned.map((p) => p.row);
  const count = (o: ImportOutcome) => rows.filter((r) => r.outcome === o).length;
  const preview: ImportPreview = {
    kind,
    rows,
    counts: { create: count('create'), exists: count('exists'), invalid: count('invalid') },
    ignoredColumns: ignored,
  };
  const toCreate = planned.flatMap((p) => (p.row.outcome === 'create' && p.value ? [p.value] : []));
  return { preview, toCreate };
}

/**
 * The videos of a file, checked: each row's client (a client), editor (an editor or lead editor,
 * or Unassigned), status, type and link; a row whose client already has a video of that name
 * and link (`existing`, videoKey) or that repeats an earlier row is there already.
 */
export function planVideos(
  records: readonly Record<string, string>[],
  ignored: string[],
  {
    clients,
    editors,
    existing,
  }: {
    clients: readonly NamedPerson[];
    editors: readonly NamedPerson[];
    existing: ReadonlySet<string>;
  },
) {
  const seen = new Map<string, number>();
  const planned = records.map((record, index): Planned<PlannedVideo> => {
    const line = index + 2;
    const problems: string[] = [];
    const notes: string[] = [];
    const name = record[VIDEO_COLUMNS.name]!;
    const row = (outcome: ImportOutcome): ImportRow => ({
      line,
      label: name || `Line ${line}`,
      outcome,
      problems,
      notes,
    });
    if (!name) problems.push(IMPORT_MESSAGES.required(VIDEO_COLUMNS.name));
    let clientId: string | null = null;
    const clientCell = record[VIDEO_COLUMNS.client]!;
    if (!clientCell) problems.push(IMPORT_MESSAGES.required(VIDEO_COLUMNS.client));
    else {
      const found = lookUp(clients, clientCell);
      if (found.ok) clientId = found.id;
      else {
        problems.push(
          found.ambiguous
            ? IMPORT_MESSAGES.ambiguousClient(clientCell)
            : IMPORT_MESSAGES.unknownClient(clientCell),
        );
      }
    }
    let editorId: string | null = null;
    const editorCell = record[VIDEO_COLUMNS.editor] ?? '';
    if (editorCell && editorCell.toLowerCase() !== UNASSIGNED_EDITOR.toLowerCase()) {
      const found = lookUp(editors, editorCell);
      if (found.ok) editorId = found.id;
      else {
        problems.push(
          found.ambiguous
            ? IMPORT_MESSAGES.ambiguousEditor(editorCell)
            : IMPORT_MESSAGES.unknownEditor(editorCell),
        );
      }
    }
    const statusCell = record[VIDEO_COLUMNS.status] ?? '';
    const status = importStatus(statusCell);
    if (!status) problems.push(IMPORT_MESSAGES.unknownStatus(statusCell));
    const link = videoLink.safeParse(record[VIDEO_COLUMNS.link] ?? '');
    if (!link.success) problems.push(link.error.issues[0]!.message);
    if (problems.length > 0 || !clientId || !status || !link.success) {
      return { row: row('invalid'), value: null };
    }
    const value: PlannedVideo = {
      clientId,
      editorId,
      name,
      type: importType(record[VIDEO_COLUMNS.type] ?? ''),
      status,
      link: link.data,
    };
    const key = videoKey(value);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      notes.push(IMPORT_MESSAGES.sameAsRow(earlier));
      return { row: row('exists'), value: null };
    }
    seen.set(key, line);
    return { row: row(existing.has(key) ? 'exists' : 'create'), value };
  });
  return finish(planned, 'videos', ignored);
}

const YES = new Set(['yes', 'y', 'true', '1', 'vip']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

/**
 * The clients of a file, checked: a valid username not taken by someone who is not a client
 * (`others`); a client already there (`clients`) or a repeated username is there already.
 */
export function planClients(
  records: readonly Record<string, string>[],
  ignored: string[],
  { clients, others }: { clients: ReadonlySet<string>; others: ReadonlySet<string> },
) {
  const seen = new Map<string, number>();
  const planned = records.map((record, index): Planned<PlannedClient> => {
    const line = index + 2;
    const problems: string[] = [];
    const notes: string[] = [];
    const cell = record[CLIENT_COLUMNS.username]!;
    const row = (outcome: ImportOutcome): ImportRow => ({
      line,
      label: cell || `Line ${line}`,
      outcome,
      problems,
      notes,
    });
    const parsed = cell ? usernameSchema.safeParse(cell) : { success: false as const, error: null };
    if (!cell) problems.push(IMPORT_MESSAGES.required(CLIENT_COLUMNS.username));
    else if (!parsed.success) problems.push(parsed.error!.issues[0]!.message);
    const vipCell = (record[CLIENT_COLUMNS.vip] ?? '').toLowerCase();
    const isVip = YES.has(vipCell);
    if (!isVip && !NO.has(vipCell))
      problems.push(IMPORT_MESSAGES.vipInvalid(record[CLIENT_COLUMNS.vip]!));
    const key = cell.toLowerCase();
    if (parsed.success && others.has(key)) problems.push(IMPORT_MESSAGES.usernameTaken(cell));
    if (problems.length > 0 || !parsed.success) return { row: row('invalid'), value: null };
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      notes.push(IMPORT_MESSAGES.sameAsRow(earlier));
      return { row: row('exists'), value: null };
    }
    seen.set(key, line);
    const value: PlannedClient = {
      username: parsed.data,
      name: record[CLIENT_COLUMNS.name] || null,
      isVip,
    };
    return { row: row(clients.has(key) ? 'exists' : 'create'), value };
  });
  return finish(planned, 'clients', ignored);
}
