import { aliasedTable, and, eq, sql } from 'drizzle-orm';
import type { LedClient } from '@domain/team-leads';
import type { Db } from '../../db/client';
import { deletePair, pairedWith } from '../../db/pairs';
import { clientTeamLeadAssignments, users } from '../../db/schema';
import { publicUserColumns, toPublicUser } from '../users/users.repository';
import { videoCountOf } from '../scope/readable';

const client = aliasedTable(users, 'client');
const lead = aliasedTable(users, 'team_lead');

const pairs = clientTeamLeadAssignments;

/** The team leads of a client (client_team_lead_assignments), by id. */
export const teamLeadIdsOf = (db: Db, clientId: string) =>
  pairedWith(db, pairs, [pairs.clientId, clientId], pairs.teamLeadId);

/** Every pair (or those of one client or one team lead) with both people's public fields. */
export async function listTeamLeadAssignments(
  db: Db,
  where: { clientId?: string; teamLeadId?: string } = {},
) {
  const rows = await db
    .select({ pair: clientTeamLeadAssignments, client, teamLead: lead })
    .from(clientTeamLeadAssignments)
    .innerJoin(client, eq(client.id, clientTeamLeadAssignments.clientId))
    .innerJoin(lead, eq(lead.id, clientTeamLeadAssignments.teamLeadId))
    .where(
      and(
        where.clientId ? eq(clientTeamLeadAssignments.clientId, where.clientId) : undefined,
        where.teamLeadId ? eq(clientTeamLeadAssignments.teamLeadId, where.teamLeadId) : undefined,
      ),
    )
    .orderBy(
      sql`lower(coalesce(${client.name}, ${client.username}))`,
      sql`lower(coalesce(${lead.name}, ${lead.username}))`,
    );
  return rows.map((r) => ({
    id: r.pair.id,
    clientId: r.pair.clientId,
    teamLeadId: r.pair.teamLeadId,
    assignedAt: r.pair.assignedAt.toISOString(),
    client: toPublicUser(r.client),
    teamLead: toPublicUser(r.teamLead),
  }));
}

/** The clients a team lead leads, each with its number of videos, by name. */
export async function ledClients(db: Db, teamLeadId: string) {
  const rows = await db
    .select({ user: publicUserColumns, videoCount: videoCountOf(users.id) })
    .from(clientTeamLeadAssignments)
    .innerJoin(users, eq(users.id, clientTeamLeadAssignments.clientId))
    .where(eq(clientTeamLeadAssignments.teamLeadId, teamLeadId))
    .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
  // No admin flag: a team lead is on the client side (ledClientSchema).
  return rows.map((r): LedClient => {
    const { isAdmin: _hidden, ...fields } = toPublicUser(r.user);
    return { ...fields, videoCount: Number(r.videoCount) };
  });
}

export async function insertTeamLeadAssignment(
  db: Db,
  values: { clientId: string; teamLeadId: string; assignedBy: string },
) {
  const [row] = await db
    .insert(clientTeamLeadAssignments)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Ends a pair; whether there was one. */
export const deleteTeamLeadAssignment = (db: Db, clientId: string, teamLeadId: string) =>
  deletePair(db, pairs, [pairs.clientId, clientId], [pairs.teamLeadId, teamLeadId]);
