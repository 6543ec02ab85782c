import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { emailKindOf, type EmailKind } from '@domain/email';
import { parseMentions } from '@domain/mentions';
import { NOTIFICATION_TEXT, personLabel } from '@domain/notifications';
import { canReadVideo } from '@domain/permissions';
import { normalizeRole } from '@domain/roles';
import type { CacheBus } from '../../db/cache-bus';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  users,
  videos,
  type SessionUser,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import type { RealtimeHub } from '../../plugins/realtime';
import { teamLeadIdsOf } from '../team-leads/team-leads.repository';
import { findUserById, listStaffRoles } from '../users/users.repository';
import { videoScopeOf } from '../scope/scope';
import type { ThreadPerson } from '../comments/comments.repository';
import type { NotificationType, NotificationView } from '@domain/notifications';
import {
  countsAdded,
  createNoticeCache,
  type NewNotification,
  type NotificationDraft,
  noticeRows,
  storeNotifications,
  type NoticeCache,
} from './notifications.repository';

/**
 * Who is told what (docs/rules.md#rules-the-product-leaves-open). Each trigger writes the notifications; the actor is
 * never notified of their own action. Inside `transaction` they are written in the caller's
 * transaction, so the change and its notifications commit (or fail) together, and they are
 * pushed over /ws only after the commit.
 */
/**
 * `teamLeadIds`, where a trigger takes them: the team leads of the video's client when the
 * caller has read them already (findReadableVideo), so the trigger need not read them again.
 */
export interface NotificationTriggers {
  /**
   * `mentioned`: the people the comment names, when the caller started looking them up
   * (`Notifier.mentionsIn`) before it had read the video.
   */
  commentPosted(
    actor: SessionUser,
    video: VideoRow,
    comment: { id: string; content: string },
    teamLeadIds?: readonly string[],
    mentioned?: Mentioned,
  ): Promise<void>;
  /**
   * A reply in a thread (issue 45 part 4), by a user or, with `actor.id` null, a review link's
   * guest named `actor.label`: the people in the thread (`people`, findThread) who may still
   * read the video hear of it, and whoever it mentions as commentPosted says (one notice each:
   * a mention's, priority high, over the reply's); never the one who wrote it.
   */
  replyPosted(
    actor: { id: string | null; label: string },
    video: VideoRow,
    comment: { id: string; content: string },
    people: readonly ThreadPerson[],
    mentioned?: Mentioned,
  ): Promise<void>;
  /**
   * A video sent back from review with a note (the note is `comment`): its editor (or, with
   * none, the client's editors) and its client side hear that changes were requested.
   */
  sentBack(
    actor: SessionUser,
    video: VideoRow,
    comment: { id: string; content: string },
    teamLeadIds?: readonly string[],
  ): Promise<void>;
  /**
   * `video`: what its notices name, known before it is stored (its id is drawn by the caller).
   * `clientEditorIds`: the editors of the video's client, and `owner` the client (whom the
   * notices name when someone else created it), when the caller has read them.
   */
  videoCreated(
    actor: SessionUser,
    video: Pick<VideoRow, 'id' | 'name' | 'userId' | 'assignedEditorId'>,
    known?: { clientEditorIds?: readonly string[]; owner?: Parameters<typeof personLabel>[0] },
  ): Promise<void>;
  /**
   * A bulk change (POST /api/videos/bulk): each video's change tells whom videoChanged would,
   * but each recipient hears once, of all their videos together; `undo`: it restored them.
   */
  bulkChanged(
    actor: SessionUser,
    changed: readonly { before: VideoRow; after: VideoRow; teamLeadIds?: readonly string[] }[],
    opts: { undo: boolean },
  ): Promise<void>;
  /** Status changes and a new assigned editor, from any of the update calls. */
  videoChanged(
    actor: SessionUser,
    before: VideoRow,
    after: VideoRow,
    teamLeadIds?: readonly string[],
  ): Promise<void>;
  /**
   * A review link's guest (issue 19), named `guest` ("Alex (guest)"), commented or, when
   * `before` is given, moved the video with a decision (a Request changes with its note as
   * `comment`). The client side, the video's editor and the client's editors hear it.
   */
  guestActed(
    guest: string,
    video: VideoRow,
    act: { before?: VideoRow; comment?: { id: string } },
  ): Promise<void>;
  /**
   * A video still waiting in review for its client `days` after it was sent (issue 41): its
   * client side hears again, the agency does not.
   */
  reviewReminder(
    video: Pick<VideoRow, 'id' | 'name' | 'userId' | 'currentVersion'>,
    days: number,
  ): Promise<void>;
  /**
   * Paid "deliver when paid" videos whose delivery link the client side now sees (issue 44):
   * each one's owner and its team leads hear it, by notice and (at once) by email.
   */
  deliveryReady(
    actor: Pick<SessionUser, 'id'>,
    videos: readonly Pick<VideoRow, 'id' | 'name' | 'userId'>[],
  ): Promise<void>;
  clientAssigned(actor: SessionUser, client: UserRow, editor: UserRow): Promise<void>;
  /** `videos`: how many of the client's videos the editor lost with the assignment. */
  clientUnassigned(
    actor: SessionUser,
    client: UserRow,
    editor: UserRow,
    videos: number,
  ): Promise<void>;
}

export interface Notifier {
  /**
   * Runs `work` in one database transaction with triggers that write there; after the commit
   * the new notifications go to their recipients' sockets. If anything in it fails, neither the
   * change nor its notifications are kept. `inStatement` is `oneStatement` within it: the
   * notifications go into a statement of the transaction and are told after the commit.
   */
  transaction<T>(
    work: (
      tx: Db,
      notify: NotificationTriggers,
      inStatement: Notifier['oneStatement'],
    ) => Promise<T>,
  ): Promise<T>;
  /**
   * A change that is one statement (a status change, a comment), with its notifications in it:
   * `plan` runs the triggers, which only gather them; `write` makes the change with them in its
   * statement (StatementNotices). When `write` answers a row, the recipients hear of them as
   * after `transaction`'s commit.
   */
  oneStatement<T>(
    plan: (notify: NotificationTriggers) => Promise<void>,
    write: (notices: StatementNotices) => Promise<T | null>,
  ): Promise<T | null>;
  /**
   * Starts looking up the people `content` mentions, for the video `videoId`, so that a comment's
   * statement that reads the video runs beside it rather than before it (commentPosted takes
   * it). Only whoever may read the video is ever told (commentPosted checks): a caller that
   * finds the video unreadable drops it.
   */
  mentionsIn(content: string, videoId: string): Mentioned;
  /**
   * Notifications stored and committed otherwise (whose trigger told the caches): pushed to their
   * recipients' sockets once every instance has heard the change (CacheBus.post), so a bell read
   * that the push prompts is fresh on any instance.
   */
  created(list: NotificationView[]): void;
  /** Unread counts changed otherwise (read, cleared, deleted): pushed the same way. */
  countsChanged(userIds: string[]): void;
}

/** The notifications `oneStatement`'s triggers gathered, for its write to add to its statement. */
export interface StatementNotices {
  /**
   * The notifications as the one parameter a prepared statement takes them as (noticeCtes with a
   * placeholder, server/db/prepared.ts), or null when there are none.
   */
  rows: () => string | null;
}

type Draft = Omit<NewNotification, 'recipientId' | 'type'> & {
  type: NotificationType;
  recipientId: string | null | undefined;
  /** The email kind when it is not the type (a move to posted). */
  emailKind?: EmailKind;
};

/** Every user whose role reads as lead_editor ('lead editor', 'admin' and 'boss' included). */
export async function leadEditorIds(db: Db): Promise<string[]> {
  const staff = await listStaffRoles(db);
  return staff.filter((u) => normalizeRole(u.role) === 'lead_editor').map((u) => u.id);
}

/**
 * The people a comment names (`usernames`, lowercase, as a JSON array) with whether their editor
 * and team-lead assignments name the client of the video `videoId`, and that client: with
 * videoScopeOf, whether each may read the video, in one prepared statement (server/db/
 * prepared.ts). By the video rather than its client, so that it can run beside the statement that
 * reads the video (Notifier.mentionsIn).
 */
const mentionedPeople = preparedStatement('mentioned_people', (db) => {
  const editors = clientEditorAssignments;
  const leads = clientTeamLeadAssignments;
  // One value for the statement (an uncorrelated subquery is computed once).
  const clientId = sql<string>`(select ${videos.userId} from ${videos}
    where ${videos.id} = ${sql.placeholder('videoId')}::uuid)`;
  // Spelled with its table: a query of one table names its columns bare, and the assignments
  // have an `id` too.
  const userId = sql`${users}.${sql.identifier(users.id.name)}`;
  return db
    .select({
      id: users.id,
      role: users.role,
      isAdmin: users.isAdmin,
      clientId,
      assigned: {
        asEditor: sql<boolean>`exists (select 1 from ${editors}
          where ${editors.clientId} = ${clientId} and ${editors.editorId} = ${userId})`,
        asLead: sql<boolean>`exists (select 1 from ${leads}
          where ${leads.clientId} = ${clientId} and ${leads.teamLeadId} = ${userId})`,
      },
    })
    .from(users)
    .where(
      sql`lower(${users.username}) in
        (select jsonb_array_elements_text(${sql.placeholder('usernames')}::jsonb))`,
    );
});

/**
 * The people a comment names, as mentionedPeople reads them (none when it names no one). Its
 * rejection is seen where it is awaited, never as unhandled: the caller may fail before that.
 */
export type Mentioned = Promise<MentionedPerson[]>;
type MentionedPerson = Awaited<ReturnType<ReturnType<typeof mentionedPeople>['execute']>>[number];

function lookUpMentions(db: Db, content: string, videoId: string): Mentioned {
  const usernames = parseMentions(content);
  if (!usernames.length) return Promise.resolve([]);
  const found = mentionedPeople(db).execute({ usernames: JSON.stringify(usernames), videoId });
  found.catch(() => {});
  return found;
}

/** A signed-in author as the comment triggers name them. */
const asAuthor = (actor: SessionUser) => ({ id: actor.id, label: personLabel(actor) });

/** The triggers, reading with `db` and handing what they make to `store`. */
function triggersOn(
  db: Db,
  store: (values: NotificationDraft[]) => Promise<void>,
): NotificationTriggers {
  /** Drops the actor, empty and repeated recipients, and stores the rest in one statement. */
  async function send(actor: { id: string | null }, drafts: Draft[]) {
    const seen = new Set<string>();
    const values: NotificationDraft[] = [];
    for (const { emailKind, ...d } of drafts) {
      if (!d.recipientId || d.recipientId === actor.id) continue;
      const key = `${d.recipientId}:${d.type}`;
      if (seen.has(key)) continue;
      seen.add(key);
      values.push({
        ...d,
        recipientId: d.recipientId,
        emailKind: emailKind ?? emailKindOf(d.type),
      });
    }
    // The email worker takes it from there; the sockets hear after the commit.
    await store(values);
  }

  async function editorsOf(clientId: string) {
    const rows = await db
      .select({ id: clientEditorAssignments.editorId })
      .from(clientEditorAssignments)
      .where(eq(clientEditorAssignments.clientId, clientId));
    return rows.map((r) => r.id);
  }

  /** The owner and its team leads, who act for it and hear what it hears. */
  const clientSideOf = async (video: VideoRow, teamLeadIds?: readonly string[]) => [
    video.userId,
    ...(teamLeadIds ?? (await teamLeadIdsOf(db, video.userId))),
  ];

  /**
   * A comment's notices: mentioned people who may read the video get the mention notice
   * (priority high) instead of `text`, which goes to the other `recipients`.
   */
  async function commentNotices(
    actor: { id: string | null; label: string },
    video: VideoRow,
    comment: { id: string; content: string },
    text: ReturnType<(typeof NOTIFICATION_TEXT)['comment']>,
    recipients: (string | null)[],
    named: Mentioned = lookUpMentions(db, comment.content, video.id),
  ) {
    const who = actor.label;
    const base = { videoId: video.id, commentId: comment.id };
    const mentioned = new Set<string>();
    for (const { assigned, clientId, ...user } of await named) {
      // A video keeps its client; a lookup that saw another is not this video's.
      if (user.id === actor.id || clientId !== video.userId) continue;
      if (canReadVideo(videoScopeOf(user, video.userId, assigned), video)) mentioned.add(user.id);
    }
    const drafts: Draft[] = [...mentioned].map((recipientId) => ({
      ...NOTIFICATION_TEXT.mention(who, video.name, comment.content),
      ...base,
      recipientId,
    }));
    for (const recipientId of recipients) {
      if (recipientId && !mentioned.has(recipientId)) {
        drafts.push({ ...text, ...base, recipientId });
      }
    }
    await send(actor, drafts);
  }

  /**
   * What one change of a video (`before` to `after`) tells whom: a move tells its client side
   * and editor (a move to review: the client side and the lead editors), a new editor hears it.
   */
  async function changeDrafts(
    who: string,
    before: VideoRow,
    after: VideoRow,
    teamLeadIds: readonly string[] | undefined,
    leadIds: () => Promise<string[]>,
  ): Promise<Draft[]> {
    const drafts: Draft[] = [];
    if (before.status !== after.status) {
      if (after.status === 'review') {
        // The client's turn (issue 41): its side decides, the lead editors look on.
        const text = NOTIFICATION_TEXT.reviewRequested(who, after.name, after.currentVersion);
        const clientSide = await clientSideOf(after, teamLeadIds);
        for (const id of [...clientSide, ...(await leadIds())]) {
          drafts.push({ ...text, videoId: after.id, recipientId: id });
        }
      } else {
        const text = NOTIFICATION_TEXT.statusChange(who, after.name, before.status, after.status);
        const emailKind = emailKindOf(text.type, after.status);
        const clientSide = await clientSideOf(after, teamLeadIds);
        for (const id of [...clientSide, after.assignedEditorId]) {
          drafts.push({ ...text, emailKind, videoId: after.id, recipientId: id });
        }
      }
    }
    if (after.assignedEditorId && after.assignedEditorId !== before.assignedEditorId) {
      drafts.push({
        ...NOTIFICATION_TEXT.editorAssigned(who, after.name),
        videoId: after.id,
        recipientId: after.assignedEditorId,
      });
    }
    return drafts;
  }

  return {
    commentPosted: async (actor, video, comment, teamLeadIds, mentioned) => {
      // The client side and the assigned editor hear of it.
      const text = NOTIFICATION_TEXT.comment(personLabel(actor), video.name, comment.content);
      const recipients = [...(await clientSideOf(video, teamLeadIds)), video.assignedEditorId];
      await commentNotices(asAuthor(actor), video, comment, text, recipients, mentioned);
    },

    replyPosted: async (actor, video, comment, people, mentioned) => {
      const text = NOTIFICATION_TEXT.reply(actor.label, video.name, comment.content);
      const readers = people.filter((p) =>
        canReadVideo(videoScopeOf(p, video.userId, p.assigned), video),
      );
      await commentNotices(
        actor,
        video,
        comment,
        text,
        readers.map((p) => p.id),
        mentioned,
      );
    },

    sentBack: async (actor, video, comment, teamLeadIds) => {
      const text = NOTIFICATION_TEXT.changesRequested(personLabel(actor), video.name);
      const editors = video.assignedEditorId
        ? [video.assignedEditorId]
        : await editorsOf(video.userId);
      await commentNotices(asAuthor(actor), video, comment, text, [
        ...(await clientSideOf(video, teamLeadIds)),
        ...editors,
      ]);
    },

    videoCreated: async (actor, video, known = {}) => {
      const who = personLabel(actor);
      const owner =
        video.userId === actor.id ? null : (known.owner ?? (await findUserById(db, video.userId)));
      const clientEditors = known.clientEditorIds ?? (await editorsOf(video.userId));
      const drafts: Draft[] = [];
      // The video's own editor hears that they were made its editor, not just that it exists.
      if (video.assignedEditorId) {
        drafts.push({
          ...NOTIFICATION_TEXT.editorAssigned(who, video.name),
          videoId: video.id,
          recipientId: video.assignedEditorId,
        });
      }
      for (const id of clientEditors) {
        if (id === video.assignedEditorId) continue;
        drafts.push({
          ...NOTIFICATION_TEXT.newVideo(who, video.name, owner ? personLabel(owner) : null),
          videoId: video.id,
          recipientId: id,
        });
      }
      await send(actor, drafts);
    },

    videoChanged: async (actor, before, after, teamLeadIds) => {
      await send(
        actor,
        await changeDrafts(personLabel(actor), before, after, teamLeadIds, () => leadEditorIds(db)),
      );
    },

    bulkChanged: async (actor, changed, { undo }) => {
      const who = personLabel(actor);
      // The lead editors are read once for the whole change, not once a video.
      let leads: Promise<string[]> | undefined;
      const leadIds = () => (leads ??= leadEditorIds(db));
      const byRecipient = new Map<string, Draft[]>();
      for (const { before, after, teamLeadIds } of changed) {
        for (const draft of await changeDrafts(who, before, after, teamLeadIds, leadIds)) {
          if (!draft.recipientId || draft.recipientId === actor.id) continue;
          const drafts = byRecipient.get(draft.recipientId) ?? [];
          // One video heard of twice (moved and assigned) counts once: its first notice.
          if (!drafts.some((d) => d.videoId === draft.videoId)) drafts.push(draft);
          byRecipient.set(draft.recipientId, drafts);
        }
      }
      const summaries: Draft[] = [];
      for (const [recipientId, drafts] of byRecipient) {
        const [first] = drafts;
        // One video: the notice one change of it gives, as it is.
        if (drafts.length === 1 && !undo) summaries.push(first!);
        else {
          const to = changed[0]?.after.status;
          const moved = changed.every((c) => c.after.status === to && c.before.status !== to);
          const assigned = drafts.every((d) => d.type === 'editor_assigned');
          const text = undo
            ? NOTIFICATION_TEXT.bulkUndone(who, drafts.length)
            : assigned
              ? NOTIFICATION_TEXT.bulkAssigned(who, drafts.length)
              : moved && to
                ? NOTIFICATION_TEXT.bulkMoved(who, drafts.length, to)
                : NOTIFICATION_TEXT.bulkChanged(who, drafts.length);
          summaries.push({
            ...text,
            // The type (and so the email kind) of the notices it stands for.
            type: first!.type,
            emailKind: first!.emailKind,
            recipientId,
            videoId: drafts.length === 1 ? first!.videoId : null,
          });
        }
      }
      await send(actor, summaries);
    },

    guestActed: async (guest, video, { before, comment }) => {
      const text =
        before && before.status !== video.status
          ? video.status === 'in_progress'
            ? NOTIFICATION_TEXT.changesRequested(guest, video.name)
            : NOTIFICATION_TEXT.statusChange(guest, video.name, before.status, video.status)
          : NOTIFICATION_TEXT.comment(guest, video.name);
      const recipients = [
        ...(await clientSideOf(video)),
        video.assignedEditorId,
        ...(await editorsOf(video.userId)),
      ];
      await send(
        { id: null },
        recipients.map((recipientId) => ({
          ...text,
          videoId: video.id,
          commentId: comment?.id,
          recipientId,
        })),
      );
    },

    reviewReminder: async (video, days) => {
      const text = NOTIFICATION_TEXT.reviewReminder(video.name, video.currentVersion, days);
      await send(
        { id: null },
        [video.userId, ...(await teamLeadIdsOf(db, video.userId))].map((recipientId) => ({
          ...text,
          videoId: video.id,
          recipientId,
        })),
      );
    },

    deliveryReady: async (actor, unlocked) => {
      const leadsOf = new Map<string, readonly string[]>();
      // One send a video: send keeps one notice per recipient and type.
      for (const video of unlocked) {
        const text = NOTIFICATION_TEXT.deliveryReady(video.name);
        if (!leadsOf.has(video.userId)) {
          leadsOf.set(video.userId, await teamLeadIdsOf(db, video.userId));
        }
        await send(
          actor,
          [video.userId, ...leadsOf.get(video.userId)!].map((recipientId) => ({
            ...text,
            videoId: video.id,
            recipientId,
          })),
        );
      }
    },

    clientAssigned: async (actor, client, editor) => {
      await send(actor, [
        {
          ...NOTIFICATION_TEXT.clientAssigned(personLabel(actor), personLabel(client)),
          recipientId: editor.id,
        },
      ]);
    },

    clientUnassigned: async (actor, client, editor, videos) => {
      await send(actor, [
        {
          ...NOTIFICATION_TEXT.clientUnassigned(personLabel(actor), personLabel(client), videos),
          recipientId: editor.id,
        },
      ]);
    },
  };
}

export function createNotifier(
  db: Db,
  hub: RealtimeHub,
  bus: CacheBus,
  counts: NoticeCache,
  log: FastifyBaseLogger,
): Notifier {
  /** Committed: counts cached before are stale, here and elsewhere, and the sockets may hear. */
  function told(created: NotificationView[]) {
    if (!created.length) return;
    // The change stands whatever happens to the push (a socket reconnect reads the count
    // again; the rows are stored for the next fetch).
    const countNotices = countsAdded(bus, counts, new Set(created.map((n) => n.recipientId)));
    // The other instances drop the counts with the write's marker, and the sockets are told once
    // every instance has (CacheBus.post): a bell list read because of the push has it, anywhere.
    bus.post(countNotices, () => push(hub.notificationsCreated(created)));
  }

  /** A push to the sockets: it failing leaves the change as it stands (the next read has it). */
  const push = (pushed: Promise<unknown>) =>
    pushed.catch((err: unknown) => log.warn({ err }, 'change saved but not pushed'));

  /**
   * `plan`'s notifications in `write`'s statement, on `handle` (the database or a transaction):
   * `taken` hears of them when the write took them and answered a row.
   */
  async function withNotices<T>(
    handle: Db,
    plan: (notify: NotificationTriggers) => Promise<void>,
    write: (notices: StatementNotices) => Promise<T | null>,
    taken: (views: NotificationView[]) => void,
  ): Promise<T | null> {
    const drafts: NotificationDraft[] = [];
    await plan(
      triggersOn(handle, async (values) => {
        drafts.push(...values);
      }),
    );
    const notices = drafts.length ? noticeRows(drafts) : null;
    // Told only if the write took them into its statement.
    let took = false;
    const result = await write({
      rows: () => {
        took = notices !== null;
        return notices?.rows ?? null;
      },
    });
    if (result !== null && took) taken(notices!.views);
    return result;
  }

  async function transaction<T>(
    work: (
      tx: Db,
      notify: NotificationTriggers,
      inStatement: Notifier['oneStatement'],
    ) => Promise<T>,
  ): Promise<T> {
    const created: NotificationView[] = [];
    const result = await db.transaction((tx) =>
      work(
        tx,
        triggersOn(tx, async (values) => {
          created.push(...(await storeNotifications(tx, values)));
        }),
        (plan, write) => withNotices(tx, plan, write, (views) => created.push(...views)),
      ),
    );
    told(created);
    return result;
  }

  const oneStatement: Notifier['oneStatement'] = (plan, write) =>
    withNotices(db, plan, write, told);

  const mentionsIn = (content: string, videoId: string) => lookUpMentions(db, content, videoId);

  return {
    transaction,
    oneStatement,
    mentionsIn,
    created: (list) => {
      if (list.length) bus.post([], () => push(hub.notificationsCreated(list)));
    },
    countsChanged: (userIds) => {
      if (userIds.length) bus.post([], () => push(hub.countsChanged(userIds)));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
    /** This instance's unread counts and bell lists, which the notifier and the routes keep. */
    notices: NoticeCache;
  }
}

/**
 * Decorates the app with the unread-count cache and the notifier that keeps it current; needs
 * the cache bus and the realtime hub registered before it.
 */
export const notifier = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const counts = createNoticeCache(app.cacheBus);
    app.decorate('notices', counts);
    app.decorate('notifier', createNotifier(opts.db, app.realtime, app.cacheBus, counts, app.log));
  },
  { name: 'notifier', dependencies: ['caches', 'realtime'] },
);
