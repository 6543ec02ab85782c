import { z } from 'zod';
import { avatarField, hasInvisibleCharacters, MESSAGES, PASSWORD_MIN } from './auth';
import { isAdmin, normalizeRole, type Actor } from './roles';

/** Admin dashboard rules (SPEC.md section 6 'Admin dashboard', DESIGN.md section 4). */
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
  resetPasswordShort: 'Password must be at least 6 characters',
  confirmResetRequired: 'Please confirm the password',
} as const;

/** Roles an admin may give: never king. */
export const ASSIGNABLE_ROLES = ['client', 'editor', 'lead_editor', 'client_team_lead'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const role = z.enum(ASSIGNABLE_ROLES, { error: ADMIN_MESSAGES.roleInvalid });

/** Whom a lead-editor admin may manage: these roles, and only while they are not admins. */
const LEAD_MANAGES = new Set(['editor', 'client', 'client_team_lead']);

/**
 * Edit, reset password and delete (DESIGN.md section 4): the king may act on anyone; a lead
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
  username: z
    .string({ error: MESSAGES.usernameShort })
    .trim()
    .min(3, MESSAGES.usernameShort)
    .max(50, MESSAGES.usernameLong)
    .regex(/^[A-Za-z0-9._-]+$/, MESSAGES.usernameChars),
  name: z
    .string({ error: ADMIN_MESSAGES.displayNameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.displayNameRequired)
    .max(100, MESSAGES.nameLong)
    .refine((s) => !hasInvisibleCharacters(s), MESSAGES.nameInvisible),
  password: z
    .string({ error: MESSAGES.passwordShort })
    .min(PASSWORD_MIN, MESSAGES.passwordShort)
    .max(200, MESSAGES.passwordLong),
  role,
  avatar: avatarField.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const editUserBody = z.object({
  name: z
    .string({ error: ADMIN_MESSAGES.nameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.nameRequired)
    .max(100, MESSAGES.nameLong)
    .refine((s) => !hasInvisibleCharacters(s), MESSAGES.nameInvisible),
  isAdmin: z.enum(['true', 'false'], { error: "isAdmin must be 'true' or 'false'" }).optional(),
  // 'king' is accepted only as the unchanged role of a king (checked by the server).
  role: z.enum([...ASSIGNABLE_ROLES, 'king'], { error: ADMIN_MESSAGES.roleInvalid }).optional(),
});
export type EditUserBody = z.infer<typeof editUserBody>;

export const resetPasswordBody = z.object({
  newPassword: z
    .string({ error: ADMIN_MESSAGES.resetPasswordShort })
    .min(PASSWORD_MIN, ADMIN_MESSAGES.resetPasswordShort)
    .max(200, MESSAGES.passwordLong),
});

export const resetPasswordForm = resetPasswordBody
  .extend({ confirmPassword: z.string().min(1, ADMIN_MESSAGES.confirmResetRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const vipBody = z.object({ isVip: z.boolean({ error: 'isVip must be true or false' }) });

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
 * The body of an edit (SPEC.md section 6): a king editing a king sends name and isAdmin; a king
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
export const createUserForm = createUserBody
  .omit({ avatar: true })
  .extend({
    avatar: z.string(),
    confirmPassword: z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
