import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creatableRoles } from '@domain/admin';
import {
  IMPORT_MESSAGES,
  importBody,
  importDoneSchema,
  importParams,
  importPreviewSchema,
  importRefusedSchema,
  planClients,
  planVideos,
  readImportFile,
  type ImportKind,
} from '@domain/import';
import { messageAnswer } from '@domain/api';
import { isManager } from '@domain/roles';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  createImportedClients,
  createImportedVideos,
  existingVideoKeys,
  importPeople,
} from './import.repository';

/** Who may import what (docs/rules.md "Import"): clients as creating them, videos managers. */
function mayImport(actor: SessionUser, kind: ImportKind): boolean {
  return kind === 'clients' ? creatableRoles(actor).includes('client') : isManager(actor);
}

/** A file's plan: its preview and the rows to create; 400 when the file itself is unusable. */
async function plan(db: Db, kind: ImportKind, csv: string) {
  const file = readImportFile(kind, csv);
  if (!file.ok) throw new HttpError(400, file.message);
  const people = await importPeople(db);
  if (kind === 'clients') {
    const clients = planClients(file.records, file.ignored, {
      clients: people.clientNames,
      others: people.others,
    });
    return { ...clients, write: () => createImportedClients(db, clients.toCreate) };
  }
  const context = { clients: people.clients, editors: people.editors, existing: new Set<string>() };
  const first = planVideos(file.records, file.ignored, context);
  const clientIds = [...new Set(first.toCreate.map((v) => v.clientId))];
  const videos = planVideos(file.records, file.ignored, {
    ...context,
    existing: await existingVideoKeys(db, clientIds),
  });
  return {
    ...videos,
    write: (actorId: string) => createImportedVideos(db, actorId, videos.toCreate),
  };
}

/**
 * Importing clients and videos from a CSV (issue 46 part 5; domain/import.ts): a preview that
 * writes nothing, and the import, which writes every row or, when any row has a problem, none.
 */
export const importRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const actorFor = (request: Parameters<typeof currentUser>[0], kind: ImportKind) => {
    const actor = currentUser(request);
    if (!mayImport(actor, kind)) throw new HttpError(403, IMPORT_MESSAGES.forbidden[kind]);
    return actor;
  };

  app.post(
    '/api/import/:kind/preview',
    {
      schema: {
        summary: 'Check a CSV file to import',
        description:
          'Reads a CSV of clients or videos and says, row by row, what an import would do ' +
          '(create, there already, or the problems): nothing is written.',
        params: importParams,
        body: importBody,
        response: { 200: importPreviewSchema, 400: messageAnswer },
      },
    },
    async (request) => {
      const { kind } = request.params;
      actorFor(request, kind);
      return (await plan(db, kind, request.body.csv)).preview;
    },
  );

  app.post(
    '/api/import/:kind',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Import a CSV file',
        description:
          'Creates the clients or videos of a CSV file, all of them or, when any row has a ' +
          'problem, none (422 with the preview naming them). Rows there already are skipped, so ' +
          'the same file imported twice creates nothing twice. Imported clients have no password ' +
          'until an admin resets it; imported videos notify nobody.',
        params: importParams,
        body: importBody,
        response: {
          201: importDoneSchema,
          400: messageAnswer,
          422: importRefusedSchema,
        },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const actor = actorFor(request, kind);
      const { preview, write } = await plan(db, kind, request.body.csv);
      if (preview.counts.invalid > 0) {
        return reply
          .status(422)
          .send({ message: IMPORT_MESSAGES.hasProblems(preview.counts.invalid), preview });
      }
      const created = await write(actor.id);
      const existing = preview.rows.length - created;
      return reply
        .status(201)
        .send({ message: IMPORT_MESSAGES.imported(kind, created, existing), created, existing });
    },
  );
};
