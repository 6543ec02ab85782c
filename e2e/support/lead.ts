/** Setting the scene for the lead dashboard journeys: data made through the API as the king. */
import type { APIRequestContext, Page } from 'playwright-core';
import { leadVideoCounts, type LeadCounts } from '@domain/lead-dashboard';
import type { VideoView } from '@domain/videos';
import { answer } from './api';
import { seeToast } from './screen';

export function createVideo(
  api: APIRequestContext,
  fields: { clientId: string; name: string; status: string; dueDate?: string | null },
): Promise<VideoView> {
  return api
    .post('/api/videos', {
      data: {
        name: fields.name,
        status: fields.status,
        type: 'consultation',
        link: 'https://example.com/watch/e2e',
        targetUserId: fields.clientId,
        dueDate: fields.dueDate ?? null,
      },
    })
    .then((r) => answer<VideoView>('POST /api/videos', r, 201));
}

export async function assign(api: APIRequestContext, clientId: string, editorId: string) {
  const r = await api.post('/api/assignments', { data: { clientId, editorId } });
  if (r.status() !== 201 && r.status() !== 409) {
    throw new Error(`POST /api/assignments answered ${r.status()}: ${await r.text()}`);
  }
}

export async function allEditorIds(api: APIRequestContext): Promise<string[]> {
  const editors = await answer<{ id: string }[]>('GET /api/editors', await api.get('/api/editors'));
  return editors.map((e) => e.id);
}

/**
 * The seven tile counts worked out independently of the summary query: every video listed by
 * GET /api/admin/videos, counted by the domain's definition (leadVideoCounts).
 */
export async function expectedCounts(
  api: APIRequestContext,
  now = new Date(),
): Promise<LeadCounts> {
  const videos = await answer<VideoView[]>(
    'GET /api/admin/videos',
    await api.get('/api/admin/videos'),
  );
  const users = await answer<unknown[]>('GET /api/king/users', await api.get('/api/king/users'));
  return { ...leadVideoCounts(videos, now), teamMembers: users.length };
}

export async function videosOf(api: APIRequestContext, userId: string): Promise<VideoView[]> {
  return answer<VideoView[]>('user videos', await api.get(`/api/king/users/${userId}/videos`));
}

/**
 * Removes `editor` from `client` with the × on its chip in the team tab's Client-Editor
 * Assignments card, and waits for the toast and the chip to go. Returns the card and the ×.
 */
export async function unassignInCard(
  page: Page,
  client: { username: string; name: string },
  editor: { name: string },
) {
  const card = page.getByRole('region', { name: 'Client-Editor Assignments' });
  await card.getByRole('searchbox', { name: 'Search clients or editors' }).fill(client.username);
  await card.getByRole('button', { name: /Assigned Clients/ }).click();
  const unassign = card.getByRole('button', {
    name: `Unassign ${editor.name} from ${client.name}`,
  });
  await unassign.click();
  await seeToast(page, 'Editor unassigned successfully');
  await unassign.waitFor({ state: 'hidden' });
  return { card, unassign };
}
