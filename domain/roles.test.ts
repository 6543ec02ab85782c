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
} from './roles';

describe('normalizeRole', () => {
  it('keeps every canonical role as it is', () => {
    for (const role of ROLES) expect(normalizeRole(role)).toBe(role);
  });

  it('lowercases, trims and turns spaces into underscores before mapping', () => {
    expect(normalizeRole('  EDITOR ')).toBe('editor');
    expect(normalizeRole('Lead Editor')).toBe('lead_editor');
    expect(normalizeRole('lead editor')).toBe('lead_editor');
    expect(normalizeRole('LEAD_EDITOR')).toBe('lead_editor');
    expect(normalizeRole('  lead   editor  ')).toBe('lead_editor');
    expect(normalizeRole('client team lead')).toBe('client_team_lead');
    expect(normalizeRole('Client Team Lead')).toBe('client_team_lead');
    expect(normalizeRole('King')).toBe('king');
    expect(normalizeRole(' KING ')).toBe('king');
  });

  it("reads 'user' as client", () => {
    expect(normalizeRole('user')).toBe('client');
    expect(normalizeRole('User')).toBe('client');
    expect(normalizeRole('user', 'video-management')).toBe('client');
  });

  it("reads 'admin' as lead_editor in general and as king in the video-management views", () => {
    expect(normalizeRole('admin')).toBe('lead_editor');
    expect(normalizeRole('Admin', 'general')).toBe('lead_editor');
    expect(normalizeRole(' ADMIN ', 'video-management')).toBe('king');
    expect(normalizeRole('admin', 'admin-helper')).toBe('lead_editor');
  });

  it("reads 'boss' as lead_editor in every reading", () => {
    expect(normalizeRole('boss')).toBe('lead_editor');
    expect(normalizeRole('Boss', 'video-management')).toBe('lead_editor');
    expect(normalizeRole('boss', 'admin-helper')).toBe('lead_editor');
  });

  it('keeps king as king in every reading', () => {
    expect(normalizeRole('king', 'general')).toBe('king');
    expect(normalizeRole('king', 'video-management')).toBe('king');
    expect(normalizeRole('king', 'admin-helper')).toBe('king');
  });

  it('turns unknown, empty and missing roles into client', () => {
    expect(normalizeRole('superuser')).toBe('client');
    expect(normalizeRole('lead-editor')).toBe('client');
    expect(normalizeRole('')).toBe('client');
    expect(normalizeRole('   ')).toBe('client');
    expect(normalizeRole(null)).toBe('client');
    expect(normalizeRole(undefined)).toBe('client');
    expect(normalizeRole('superuser', 'video-management')).toBe('client');
  });

  it("keeps unknown and missing roles as 'unknown' in the admin-helper reading", () => {
    expect(normalizeRole('superuser', 'admin-helper')).toBe('unknown');
    expect(normalizeRole('', 'admin-helper')).toBe('unknown');
    expect(normalizeRole(null, 'admin-helper')).toBe('unknown');
    expect(normalizeRole(undefined, 'admin-helper')).toBe('unknown');
    // Known roles and aliases still map normally.
    expect(normalizeRole('user', 'admin-helper')).toBe('client');
    expect(normalizeRole('Lead Editor', 'admin-helper')).toBe('lead_editor');
    expect(normalizeRole('client team lead', 'admin-helper')).toBe('client_team_lead');
  });
});

describe('role labels', () => {
  it('has the labels of SPEC.md section 6', () => {
    expect(ROLE_LABELS.client).toBe('Client');
    expect(ROLE_LABELS.editor).toBe('Editor');
    expect(ROLE_LABELS.lead_editor).toBe('Lead Editor');
    expect(ROLE_LABELS.king).toBe('System Admin (King)');
  });

  it('labels role text through the aliases', () => {
    expect(roleLabel('lead editor')).toBe('Lead Editor');
    expect(roleLabel('user')).toBe('Client');
    expect(roleLabel('KING')).toBe('System Admin (King)');
    expect(roleLabel(undefined)).toBe('Client');
  });
});

const user = (role: string, admin: 'true' | 'false' = 'false') => ({ role, isAdmin: admin });

describe('isAdmin', () => {
  it("is true for isAdmin 'true' whatever the role, and for the king", () => {
    expect(isAdmin(user('client', 'true'))).toBe(true);
    expect(isAdmin(user('editor', 'true'))).toBe(true);
    expect(isAdmin(user('king'))).toBe(true);
    expect(isAdmin(user('King'))).toBe(true);
  });

  it('is false for everyone else, including lead editors and the admin alias', () => {
    expect(isAdmin(user('client'))).toBe(false);
    expect(isAdmin(user('editor'))).toBe(false);
    expect(isAdmin(user('lead_editor'))).toBe(false);
    expect(isAdmin(user('client_team_lead'))).toBe(false);
    expect(isAdmin(user('admin'))).toBe(false);
    expect(isAdmin(user('boss'))).toBe(false);
  });

  it("needs exactly the string 'true'", () => {
    expect(isAdmin({ role: 'client', isAdmin: 'TRUE' })).toBe(false);
    expect(isAdmin({ role: 'client', isAdmin: 'yes' })).toBe(false);
    expect(isAdmin({ role: 'client', isAdmin: '' })).toBe(false);
  });
});

describe('isKing', () => {
  it('is true for the king role only', () => {
    expect(isKing({ role: 'king' })).toBe(true);
    expect(isKing({ role: ' King ' })).toBe(true);
    expect(isKing({ role: 'admin' })).toBe(false);
    expect(isKing({ role: 'lead_editor' })).toBe(false);
    expect(isKing({ role: 'client' })).toBe(false);
  });
});

describe('isStaff and isStaffRole', () => {
  it('counts editor, lead_editor, client_team_lead and king as staff', () => {
    for (const role of ['editor', 'lead_editor', 'client_team_lead', 'king']) {
      expect(isStaffRole(role)).toBe(true);
      expect(isStaff(user(role))).toBe(true);
    }
  });

  it('counts the aliases through normalisation', () => {
    expect(isStaffRole('Lead Editor')).toBe(true);
    expect(isStaffRole('client team lead')).toBe(true);
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('boss')).toBe(true);
  });

  it('does not count clients, users or unknown roles', () => {
    for (const role of ['client', 'user', 'User', 'superuser', '']) {
      expect(isStaffRole(role)).toBe(false);
      expect(isStaff(user(role))).toBe(false);
    }
  });

  it('counts administrators in isStaff but not in the role-only check', () => {
    expect(isStaff(user('client', 'true'))).toBe(true);
    expect(isStaffRole('client')).toBe(false);
  });
});

describe('isManager', () => {
  it('is true for lead_editor, king and administrators', () => {
    expect(isManager(user('lead_editor'))).toBe(true);
    expect(isManager(user('lead editor'))).toBe(true);
    expect(isManager(user('king'))).toBe(true);
    expect(isManager(user('client', 'true'))).toBe(true);
    expect(isManager(user('editor', 'true'))).toBe(true);
  });

  it('follows the general reading of the admin and boss aliases', () => {
    expect(isManager(user('admin'))).toBe(true);
    expect(isManager(user('boss'))).toBe(true);
  });

  it('is false for clients, editors, client team leads and unknown roles', () => {
    expect(isManager(user('client'))).toBe(false);
    expect(isManager(user('user'))).toBe(false);
    expect(isManager(user('editor'))).toBe(false);
    expect(isManager(user('client_team_lead'))).toBe(false);
    expect(isManager(user('superuser'))).toBe(false);
  });
});

describe('CLIENT_ROLE_TEXTS', () => {
  it('holds exactly the stored texts that read as client', () => {
    for (const text of CLIENT_ROLE_TEXTS) expect(normalizeRole(text)).toBe('client');
    expect(CLIENT_ROLE_TEXTS).toEqual(['client', 'user']);
  });
});

describe('mayBeAssignedEditor', () => {
  it('takes editors and lead editors, in any spelling of their role', () => {
    for (const role of ['editor', ' Editor ', 'lead_editor', 'Lead Editor', 'admin', 'boss']) {
      expect(mayBeAssignedEditor({ role }), role).toBe(true);
    }
  });

  it('refuses clients, client team leads and the king', () => {
    for (const role of ['client', 'user', 'client_team_lead', 'king', 'superuser', '']) {
      expect(mayBeAssignedEditor({ role }), role).toBe(false);
    }
  });
});
