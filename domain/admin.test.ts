import { describe, expect, it } from 'vitest';
import {
  canChangeRoleAndAdmin,
  canDeleteUser,
  canManageUser,
  canToggleAdmin,
  creatableRoles,
  editUserPayload,
} from './admin';

const king = { id: 'k', role: 'king', isAdmin: 'false' };
const leadAdmin = { id: 'l', role: 'lead_editor', isAdmin: 'true' };
const lead = { id: 'l2', role: 'lead_editor', isAdmin: 'false' };
const editorAdmin = { id: 'e', role: 'editor', isAdmin: 'true' };
const client = { id: 'c', role: 'client', isAdmin: 'false' };

describe('admin permissions', () => {
  it('lets the king manage anyone and a lead editor admin only editors, clients and team leads who are not admins', () => {
    expect(canManageUser(king, leadAdmin)).toBe(true);
    expect(canManageUser(king, editorAdmin)).toBe(true);
    expect(canManageUser(leadAdmin, client)).toBe(true);
    expect(canManageUser(leadAdmin, { role: 'editor', isAdmin: 'false' })).toBe(true);
    expect(canManageUser(leadAdmin, { role: 'client_team_lead', isAdmin: 'false' })).toBe(true);
    // An admin is the king's to manage (issue 15): no admin takes over or removes another.
    expect(canManageUser(leadAdmin, editorAdmin)).toBe(false);
    expect(canManageUser(leadAdmin, { role: 'client', isAdmin: 'true' })).toBe(false);
    expect(canDeleteUser(leadAdmin, { id: 'x', role: 'client', isAdmin: 'true' })).toBe(false);
    expect(canManageUser(leadAdmin, king)).toBe(false);
    expect(canManageUser(leadAdmin, lead)).toBe(false);
    expect(canManageUser(lead, client)).toBe(false);
    expect(canManageUser(editorAdmin, client)).toBe(false);
    expect(canManageUser(leadAdmin, { role: 'client_team_lead', isAdmin: 'false' })).toBe(true);
  });

  it('lets only the king create client team leads', () => {
    expect(creatableRoles(king)).toContain('client_team_lead');
    expect(creatableRoles(leadAdmin)).toEqual(['client', 'editor']);
  });

  it('never lets anyone delete themselves', () => {
    expect(canDeleteUser(king, king)).toBe(false);
    expect(canDeleteUser(king, client)).toBe(true);
    expect(canDeleteUser(leadAdmin, king)).toBe(false);
  });

  it('gives the role selector and admin switch to the king only, the switch never on oneself', () => {
    expect(canChangeRoleAndAdmin(king)).toBe(true);
    expect(canChangeRoleAndAdmin(leadAdmin)).toBe(false);
    expect(canToggleAdmin(king, client)).toBe(true);
    expect(canToggleAdmin(king, king)).toBe(false);
  });

  it('builds the three payload shapes', () => {
    const values = { name: ' New ', isAdmin: true, role: 'editor' as const };
    expect(editUserPayload(king, { role: 'king', isAdmin: 'false' }, values)).toEqual({
      name: 'New',
      isAdmin: 'true',
    });
    expect(editUserPayload(king, client, values)).toEqual({
      name: 'New',
      isAdmin: 'true',
      role: 'editor',
    });
    expect(editUserPayload(leadAdmin, { role: 'client', isAdmin: 'false' }, values)).toEqual({
      name: 'New',
      isAdmin: 'false',
    });
  });
});
