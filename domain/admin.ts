import { z } from 'zod';
import {
  avatarField,
  confirming,
  MESSAGES,
  newPassword,
  password,
  requiredName,
  username,
} from './auth';
import { isAdmin, normalizeRole, type Actor } from './roles';
import { publicUserSchema } from './user';

/** Admin dashboard rules (docs/product.md#roles 'Admin dashboard', docs/rules.md#who-may-do-what). */
export const ADMIN_MESSAGES = {
  adminRequired: 'Admin privileges required',
  nameRequired: 'Name is required',
  displayNameRequired: 'Display name is required',
  roleInvalid: 'Role must be client, editor, lead_editor or client_team_lead',
  cannotManage: 'You cannot manage this user',
  cannotCreateRole: 'Lead editors can only create clients and editors',
  kingOnly: 'Only the king can change roles and admin privileges',
  kingRoleFixed: "The king's role cannot be changed",
  ownAdmin: 'You cannot change your own admin privileges',
  deleteSelf: 'You cannot delete your own account',
  vipClientsOnly: 'Only clients can be VIP',
  userNotFound: 'User not found',
  resetPasswordShort: MESSAGES.passwordShort,
  confirmResetRequired: 'Please confirm the password',
} as const;

/**
 * Who may call anything under /api/admin/ (docs/rules.md#who-may-do-what): an admin, the king always
 * counting as one. The server's one admin guard (server/modules/admin/admin.guard.ts) asks this.
 */
export const mayUseAdminRoutes = (actor: Pick<Actor, 'role' | 'isAdmin'>): boolean =>
  isAdmin(actor);

/** Roles an admin may give: never king. */
export const ASSIGNABLE_ROLES = ['client', 'editor', 'lead_editor', 'client_team_lead'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const role = z.enum(ASSIGNABLE_ROLES, { error: ADMIN_MESSAGES.roleInvalid });

/** Whom a lead-editor admin may manage: these roles, and only while they are not admins. */
const LEAD_MANAGES = new Set(['editor', 'client', 'client_team_lead']);

/**
 * Edit, reset password and delete (docs/rules.md#who-may-do-what): the king may act on anyone; a lead
 * editor (who must be an admin to reach these calls) only on editors, clients and client team
 * leads who are not admins. An admin is the king's alone to manage: otherwise one admin could
 * take over or remove another.
 */
export function canManageUser(actor: Actor, target: { role: string; isAdmin: string }): boolean {
  if (!isAdmin(actor)) return false;
  const actorRole = normalizeRole(actor.role);
  if (actorRole === 'king') return true;
  if (actorRole !== 'lead_editor') return false;
  return LEAD_MANAGES.has(normalizeRole(target.role)) && target.isAdmin !== 'true';
}

/** What an edit by this actor changes, or why it is refused (and with which status). */
export type UserEdit =
  | {
      ok: true;
      changes: { name: string; role?: AssignableRole; isAdmin?: 'true' | 'false' };
    }
  | { ok: false; status: 400 | 403; message: string };

/**
 * PATCH /api/admin/users/{id} once the actor may manage the target (docs/rules.md#who-may-do-what): the
 * name always; a role or admin flag that differs from the target's only by the king, never the
 * king's own role, never role king, never one's own admin flag.
 */
export function planUserEdit(
  actor: Actor,
  target: { id: string; role: string; isAdmin: string },
  body: EditUserBody,
): UserEdit {
  const refuse = (status: 400 | 403, message: string): UserEdit => ({ ok: false, status, message });
  const king = normalizeRole(actor.role) === 'king';
  const targetRole = normalizeRole(target.role);
  const changes: { name: string; role?: AssignableRole; isAdmin?: 'true' | 'false' } = {
    name: body.name,
  };
  if (body.role !== undefined && body.role !== targetRole) {
    if (!king) return refuse(403, ADMIN_MESSAGES.kingOnly);
    if (targetRole === 'king') return refuse(400, ADMIN_MESSAGES.kingRoleFixed);
    if (body.role === 'king') return refuse(400, ADMIN_MESSAGES.roleInvalid);
    changes.role = body.role;
  }
  if (body.isAdmin !== undefined && body.isAdmin !== target.isAdmin) {
    if (!king) return refuse(403, ADMIN_MESSAGES.kingOnly);
    if (target.id === actor.id) return refuse(400, ADMIN_MESSAGES.ownAdmin);
    changes.isAdmin = body.isAdmin;
  }
  return { ok: true, changes };
}

export const canDeleteUser = (
  actor: Actor,
  target: { id: string; role: string; isAdmin: string },
) => actor.id !== target.id && canManageUser(actor, target);

/** Roles this actor may create: the king any assignable role, a lead editor clients and editors. */
export function creatableRoles(actor: Actor): readonly AssignableRole[] {
  if (!isAdmin(actor)) return [];
  return normalizeRole(actor.role) === 'king' ? ASSIGNABLE_ROLES : ['client', 'editor'];
}

export const createUserBody = z.object({
  username,
  name: requiredName(ADMIN_MESSAGES.displayNameRequired),
  password,
  role,
  avatar: avatarField.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const editUserBody = z.object({
  name: requiredName(ADMIN_MESSAGES.nameRequired),
  isAdmin: z.enum(['true', 'false'], { error: "isAdmin must be 'true' or 'false'" }).optional(),
  // 'king' is accepted only as the unchanged role of a king (checked by the server).
  role: z.enum([...ASSIGNABLE_ROLES, 'king'], { error: ADMIN_MESSAGES.roleInvalid }).optional(),
});
export type EditUserBody = z.infer<typeof editUserBody>;

export const resetPasswordBody = z.object({
  newPassword: newPassword(ADMIN_MESSAGES.resetPasswordShort),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const resetPasswordForm = confirming(
  resetPasswordBody.extend({
    confirmPassword: z.string().min(1, ADMIN_MESSAGES.confirmResetRequired),
  }),
  'newPassword',
);

export const vipBody = z.object({ isVip: z.boolean({ error: 'isVip must be true or false' }) });
export type VipBody = z.infer<typeof vipBody>;

// --- Answers and parameters of /api/admin/users and /api/admin/stats -------------------------

/** /api/admin/users/{id}: a malformed id is a user that does not exist. */
export const userIdParams = z.object({ id: z.uuid({ error: ADMIN_MESSAGES.userNotFound }) });

/** GET /api/admin/stats: the dashboard's three counts (admins: the king and isAdmin users). */
export const adminStatsSchema = z.object({
  userCount: z.number(),
  adminCount: z.number(),
  videoCount: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/users: everyone, by name, with when they joined. */
export const adminUserSchema = publicUserSchema.extend({ createdAt: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

/** Only the king sees the Role selector and the Admin Privileges switch, and may change them. */
export const canChangeRoleAndAdmin = (actor: Actor): boolean =>
  isAdmin(actor) && normalizeRole(actor.role) === 'king';

/** The Admin Privileges switch is disabled on one's own account. */
export const canToggleAdmin = (actor: Actor, target: { id: string }): boolean =>
  canChangeRoleAndAdmin(actor) && actor.id !== target.id;

/** A king's role is fixed ('System Admin (King)', 'cannot be modified for security reasons'). */
export const isRoleFixed = (target: { role: string }): boolean =>
  normalizeRole(target.role) === 'king';

/**
 * The body of an edit (docs/product.md#roles): a king editing a king sends name and isAdmin; a king
 * editing anyone else sends name, isAdmin and role; a lead editor sends name and the target's
 * unchanged isAdmin.
 */
export function editUserPayload(
  actor: Actor,
  target: { role: string; isAdmin: string },
  values: { name: string; isAdmin: boolean; role: AssignableRole | null },
): EditUserBody {
  const name = values.name.trim();
  if (!canChangeRoleAndAdmin(actor)) {
    return { name, isAdmin: target.isAdmin === 'true' ? 'true' : 'false' };
  }
  const isAdminText = values.isAdmin ? 'true' : 'false';
  // No role chosen (the selector left empty): unchanged.
  if (isRoleFixed(target) || values.role === null) return { name, isAdmin: isAdminText };
  return { name, isAdmin: isAdminText, role: values.role };
}

/** The edit form (name required; role and switch only matter for the king). */
export const editUserForm = z.object({
  name: editUserBody.shape.name,
  isAdmin: z.boolean(),
  role: role.nullable(),
});

/** The create form: the body plus the confirmation, avatar as '' when none. */
export const createUserForm = confirming(
  createUserBody.omit({ avatar: true }).extend({
    avatar: z.string(),
    confirmPassword: z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
  }),
  'password',
);
