import { describe, expect, it } from 'vitest';
import {
  CLIENT_ROLE_TEXTS,
  isAdmin,
  isKing,
  isManager,
  isStaff,
  isStaffRole,
  mayBeAssignedEditor,
  normalizeRole,
  ROLE_LABELS,
  ROLES,
  roleLabel,
  type Role,
} from './roles';
import { itReturns } from './test-helpers';

describe('normalizeRole', () => {
  it.each(ROLES)('keeps the canonical role %s as it is, in every reading', (role) => {
    expect(normalizeRole(role)).toBe(role);
    expect(normalizeRole(role, 'video-management')).toBe(role);
    expect(normalizeRole(role, 'admin-helper')).toBe(role);
  });

  // The reading in general (also the default), in the video-management views and in the admin
  // helper (docs/product.md#roles).
  it.each<[string | null | undefined, Role, Role, Role | 'unknown']>([
    // Lowercased, trimmed, and spaces turned into underscores before mapping.
    ['  EDITOR ', 'editor', 'editor', 'editor'],
    ['Lead Editor', 'lead_editor', 'lead_editor', 'lead_editor'],
    ['lead editor', 'lead_editor', 'lead_editor', 'lead_editor'],
    ['LEAD_EDITOR', 'lead_editor', 'lead_editor', 'lead_editor'],
    ['  lead   editor  ', 'lead_editor', 'lead_editor', 'lead_editor'],
    ['client team lead', 'client_team_lead', 'client_team_lead', 'client_team_lead'],
    ['Client Team Lead', 'client_team_lead', 'client_team_lead', 'client_team_lead'],
    ['King', 'king', 'king', 'king'],
    [' KING ', 'king', 'king', 'king'],
    // 'user' is a client.
    ['user', 'client', 'client', 'client'],
    ['User', 'client', 'client', 'client'],
    // 'admin' is lead_editor in general and king in the video-management views.
    ['admin', 'lead_editor', 'king', 'lead_editor'],
    ['Admin', 'lead_editor', 'king', 'lead_editor'],
    [' ADMIN ', 'lead_editor', 'king', 'lead_editor'],
    // 'boss' is lead_editor in every reading.
    ['boss', 'lead_editor', 'lead_editor', 'lead_editor'],
    ['Boss', 'lead_editor', 'lead_editor', 'lead_editor'],
    // Unknown, empty and missing roles are clients, but stay 'unknown' in the admin helper.
    ['superuser', 'client', 'client', 'unknown'],
    ['lead-editor', 'client', 'client', 'unknown'],
    ['', 'client', 'client', 'unknown'],
    ['   ', 'client', 'client', 'unknown'],
    [null, 'client', 'client', 'unknown'],
    [undefined, 'client', 'client', 'unknown'],
  ])('reads %j as %s, %s in video management, %s in the admin helper', (text, ...readings) => {
    const [general, videoManagement, adminHelper] = readings;
    expect(normalizeRole(text)).toBe(general);
    expect(normalizeRole(text, 'general')).toBe(general);
    expect(normalizeRole(text, 'video-management')).toBe(videoManagement);
    expect(normalizeRole(text, 'admin-helper')).toBe(adminHelper);
  });
});

describe('role labels', () => {
  it('has the labels of docs/product.md#roles', () => {
    expect(ROLE_LABELS.client).toBe('Client');
    expect(ROLE_LABELS.editor).toBe('Editor');
    expect(ROLE_LABELS.lead_editor).toBe('Lead Editor');
    expect(ROLE_LABELS.king).toBe('System Admin (King)');
  });

  itReturns(roleLabel, 'labels the role text %j through the aliases as %j', [
    ['lead editor', 'Lead Editor'],
    ['user', 'Client'],
    ['KING', 'System Admin (King)'],
    [undefined, 'Client'],
  ]);
});

describe('the role checks (docs/rules.md#who-may-do-what)', () => {
  const checks = {
    admin: isAdmin,
    king: isKing,
    staff: isStaff,
    staffRole: (u: { role: string }) => isStaffRole(u.role),
    manager: isManager,
    assignableEditor: mayBeAssignedEditor,
  };
  type Check = keyof typeof checks;

  // Each role text and isAdmin flag, with the checks that hold for it; every other check fails.
  it.each<[string, string, Check[]]>([
    // Clients, users and unknown roles are nothing of the kind.
    ['client', 'false', []],
    ['user', 'false', []],
    ['User', 'false', []],
    ['superuser', 'false', []],
    ['', 'false', []],
    // Editors are staff and may be assigned, in any spelling of their role.
    ['editor', 'false', ['staff', 'staffRole', 'assignableEditor']],
    [' Editor ', 'false', ['staff', 'staffRole', 'assignableEditor']],
    // Lead editors, and the admin and boss aliases in the general reading, also manage.
    ['lead_editor', 'false', ['staff', 'staffRole', 'manager', 'assignableEditor']],
    ['Lead Editor', 'false', ['staff', 'staffRole', 'manager', 'assignableEditor']],
    ['lead editor', 'false', ['staff', 'staffRole', 'manager', 'assignableEditor']],
    ['admin', 'false', ['staff', 'staffRole', 'manager', 'assignableEditor']],
    ['boss', 'false', ['staff', 'staffRole', 'manager', 'assignableEditor']],
    // Client team leads are staff only.
    ['client_team_lead', 'false', ['staff', 'staffRole']],
    ['client team lead', 'false', ['staff', 'staffRole']],
    // The king is an administrator and a manager, but never an assigned editor.
    ['king', 'false', ['admin', 'king', 'staff', 'staffRole', 'manager']],
    ['King', 'false', ['admin', 'king', 'staff', 'staffRole', 'manager']],
    [' King ', 'false', ['admin', 'king', 'staff', 'staffRole', 'manager']],
    // isAdmin 'true' makes an administrator and a manager whatever the role; the role-only
    // staff check still reads the role alone.
    ['client', 'true', ['admin', 'staff', 'manager']],
    ['editor', 'true', ['admin', 'staff', 'staffRole', 'manager', 'assignableEditor']],
    // Only exactly the string 'true' counts.
    ['client', 'TRUE', []],
    ['client', 'yes', []],
    ['client', '', []],
  ])('role %j with isAdmin %j passes exactly %j', (role, flag, holding) => {
    for (const [name, check] of Object.entries(checks)) {
      expect(check({ role, isAdmin: flag }), name).toBe(holding.includes(name as Check));
    }
  });
});

describe('CLIENT_ROLE_TEXTS', () => {
  it('holds exactly the stored texts that read as client', () => {
    for (const text of CLIENT_ROLE_TEXTS) expect(normalizeRole(text)).toBe('client');
    expect(CLIENT_ROLE_TEXTS).toEqual(['client', 'user']);
  });
});
