import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvText } from '@domain/csv';
import { INVOICING_CSV_HEADER } from '@domain/invoicing';
import type { ImportPreview } from '@domain/import';
import { rowsOf } from '../../db/rows';
import { users, videos } from '../../db/schema';
import { secondInstance, seedVideo, setUpSuite } from '../../test/helper';

/**
 * Importing clients and videos from a CSV (issue 46 part 5, docs/rules.md "Import"): a file with
 * one bad row writes nothing and names it; a good file writes everything once, also when posted
 * twice, and from two instances at once; an export from /invoicing comes back in as it went out.
 */
const t = setUpSuite([
  ['king', 'king', 'true', 'The King'],
  ['admin', 'editor', 'true', 'Ada Admin'],
  ['lead', 'lead_editor', 'false', 'Lee Lead'],
  ['eve', 'editor', 'false', 'Eve Editor'],
  ['acme', 'client', 'false', 'Acme Studio'],
  ['bolt', 'client', 'false', 'Bolt Films'],
] as const);

const videoCount = async (clientId: string) =>
  rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from videos where user_id = ${clientId}`),
  )[0]!.n;

/** A videos file in the invoicing export's columns; `rows` as Video, Type, Status, Client, Editor, Link. */
const videosFile = (rows: readonly (readonly string[])[]) =>
  csvText(
    INVOICING_CSV_HEADER,
    rows.map(([name, type, status, client, editor, link]) => {
      const cells: string[] = INVOICING_CSV_HEADER.map(() => '');
      cells[0] = name!;
      cells[1] = type!;
      cells[2] = status!;
      cells[3] = client!;
      cells[4] = editor!;
      cells[11] = link!;
      cells[7] = '150.00';
      return cells;
    }),
  );

const manyRows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => [
    `${tag} ${i + 1}`,
    i % 2 ? 'Talking Head' : 'vlog',
    i % 3 ? 'Draft' : 'In Progress',
    i % 2 ? 'Acme Studio' : 'bolt',
    i % 4 ? 'Unassigned' : 'Eve Editor',
    `https://youtu.be/${tag.replace(/\W/g, '')}${i}`,
  ]);

describe('importing videos', () => {
  it('writes nothing for 1,000 rows with one bad row, and names it', async () => {
    const rows = manyRows(1000, 'Batch A');
    rows[536] = ['Bad one', 'vlog', 'Draft', 'Nobody Inc', 'Unassigned', 'not a link'];
    const before = (await videoCount(t.id.acme)) + (await videoCount(t.id.bolt));
    const res = await t.call('king', 'POST', '/api/import/videos', { csv: videosFile(rows) });
    expect(res.statusCode, res.body).toBe(422);
    const { message, preview } = res.json<{ message: string; preview: ImportPreview }>();
    expect(message).toBe('Nothing was imported: 1 row has problems');
    const bad = preview.rows.filter((r) => r.outcome === 'invalid');
    expect(bad).toHaveLength(1);
    expect(bad[0]!.line).toBe(538);
    expect(bad[0]!.problems).toEqual([
      'No client is named "Nobody Inc"',
      expect.stringMatching(/link/i),
    ]);
    expect(preview.counts).toEqual({ create: 999, exists: 0, invalid: 1 });
    expect((await videoCount(t.id.acme)) + (await videoCount(t.id.bolt))).toBe(before);
  });

  it('writes a good file of 1,000 once, also when it is posted twice', async () => {
    const file = videosFile(manyRows(1000, 'Batch B'));
    const preview = await t.call('lead', 'POST', '/api/import/videos/preview', { csv: file });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ImportPreview>().counts).toEqual({ create: 1000, exists: 0, invalid: 0 });
    expect(preview.json<ImportPreview>().ignoredColumns).toContain('Amount (USD)');
    const before = (await videoCount(t.id.acme)) + (await videoCount(t.id.bolt));

    const first = await t.call('lead', 'POST', '/api/import/videos', { csv: file });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ message: 'Imported 1000 videos', created: 1000, existing: 0 });
    expect((await videoCount(t.id.acme)) + (await videoCount(t.id.bolt))).toBe(before + 1000);

    const again = await t.call('lead', 'POST', '/api/import/videos', { csv: file });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ created: 0, existing: 1000 });
    expect((await videoCount(t.id.acme)) + (await videoCount(t.id.bolt))).toBe(before + 1000);

    // What the rows said, as written: client by display name or username, type by label or
    // name, status by label, the editor or none; the price column is not read.
    const [one] = await t.db.select().from(videos).where(eq(videos.name, 'Batch B 4'));
    expect(one).toMatchObject({
      userId: t.id.acme,
      type: 'talking-head',
      status: 'in_progress',
      assignedEditorId: null,
      paymentAmount: '0.00',
    });
    const [five] = await t.db.select().from(videos).where(eq(videos.name, 'Batch B 5'));
    expect(five).toMatchObject({ userId: t.id.bolt, type: 'vlog', assignedEditorId: t.id.eve });
  });

  it('makes each video once when two instances import the same file at once', async () => {
    const file = videosFile(manyRows(40, 'Batch C'));
    const other = await secondInstance(t);
    try {
      const [a, b] = await Promise.all([
        t.call('king', 'POST', '/api/import/videos', { csv: file }),
        other.app.inject({
          method: 'POST',
          url: '/api/import/videos',
          headers: { cookie: t.cookie.king },
          payload: { csv: file },
        }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      const created = a.json<{ created: number }>().created + b.json<{ created: number }>().created;
      expect(created).toBe(40);
      const made = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from videos where name like 'Batch C %'`),
      )[0]!.n;
      expect(made).toBe(40);
    } finally {
      await other.close();
    }
  });

  it('takes back an export from /invoicing: every row is there already', async () => {
    await seedVideo(t, {
      userId: t.id.acme,
      name: 'Exported, with "quotes", a comma',
      link: 'https://vimeo.com/76979871',
      status: 'ready_to_post',
      finishDate: new Date(),
      assignedEditorId: t.id.eve,
      paymentAmount: '99.99',
    });
    const exported = await t.call('king', 'GET', '/api/admin/invoicing.csv');
    expect(exported.statusCode).toBe(200);
    const res = await t.call('king', 'POST', '/api/import/videos/preview', { csv: exported.body });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<ImportPreview>();
    expect(preview.counts.invalid).toBe(0);
    expect(preview.counts.create).toBe(0);
    expect(preview.rows.map((r) => r.label)).toContain('Exported, with "quotes", a comma');
  });

  it('refuses a file it cannot read, or without its columns, with a 400 saying why', async () => {
    const unclosed = await t.call('king', 'POST', '/api/import/videos/preview', {
      csv: 'Video,Client,Link\r\n"open,acme,https://youtu.be/x\r\n',
    });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toEqual({
      message: 'The file is not a CSV: a quoted field is never closed',
    });
    const noLink = await t.call('king', 'POST', '/api/import/videos', {
      csv: 'Video,Client\r\nOne,acme\r\n',
    });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json()).toEqual({ message: 'The header has no "Link" column' });
    const empty = await t.call('king', 'POST', '/api/import/clients', { csv: 'Username\r\n' });
    expect(empty.json()).toEqual({ message: 'The file has no rows under its header' });
  });

  it('is for managers only', async () => {
    const file = videosFile(manyRows(1, 'Batch D'));
    expect((await t.call('eve', 'POST', '/api/import/videos', { csv: file })).statusCode).toBe(403);
    expect((await t.call('acme', 'POST', '/api/import/videos', { csv: file })).json()).toEqual({
      message: 'Only the king, an admin or a lead editor can import videos',
    });
    expect(
      (await t.call('anonymous', 'POST', '/api/import/videos/preview', { csv: file })).statusCode,
    ).toBe(401);
  });
});

describe('importing clients', () => {
  const clientsFile =
    'Username,Name,VIP\r\nnorth-co,North Co,yes\r\nsouth,,no\r\nacme,Acme Studio,\r\n';

  it('creates new clients once, without a password until an admin sets one', async () => {
    const first = await t.call('admin', 'POST', '/api/import/clients', { csv: clientsFile });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      message: 'Imported 2 clients; 1 was there already',
      created: 2,
      existing: 1,
    });
    const again = await t.call('admin', 'POST', '/api/import/clients', { csv: clientsFile });
    expect(again.json()).toMatchObject({ created: 0, existing: 3 });
    const [north] = await t.db.select().from(users).where(eq(users.username, 'north-co'));
    expect(north).toMatchObject({ role: 'client', name: 'North Co', isVip: true });
    const login = await t.call('anonymous', 'POST', '/api/auth/login', {
      username: 'north-co',
      password: '!imported',
    });
    expect(login.statusCode).toBe(401);
  });

  it("names each bad row's problems: a username taken by staff, a bad one, a VIP that is not yes or no", async () => {
    const res = await t.call('king', 'POST', '/api/import/clients', {
      csv: 'Username,Name,VIP\r\neve,Not Eve,\r\nno spaces,,\r\nwest,,maybe\r\nwest,,\r\n',
    });
    expect(res.statusCode).toBe(422);
    const { preview } = res.json<{ preview: ImportPreview }>();
    expect(preview.rows.map((r) => [r.line, r.outcome, r.problems])).toEqual([
      [2, 'invalid', ['"eve" is someone who is not a client']],
      [3, 'invalid', [expect.any(String)]],
      [4, 'invalid', ['VIP is "maybe": write yes or no']],
      [5, 'create', []],
    ]);
    const [west] = await t.db.select().from(users).where(eq(users.username, 'west'));
    expect(west).toBeUndefined();
  });

  it('is for those who may create clients: not a lead editor', async () => {
    const res = await t.call('lead', 'POST', '/api/import/clients/preview', { csv: clientsFile });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only the king or an admin can import clients' });
  });
});
