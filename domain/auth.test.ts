import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  avatarUploadBody,
  changePasswordBody,
  changePasswordForm,
  loginBody,
  MESSAGES,
  profileUpdateBody,
  registerBody,
  registerForm,
} from './auth';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGElEQVR4AWL6f4bhv3Hamf9MJrPOMIAAAAAA//9K4Mx/AAAABklEQVQDAFCgBs0XmCAnAAAAAElFTkSuQmCC';

/** Every issue as [path, message], in the order zod reports them. */
function issues(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** The first message per field, the way a form shows it. */
function firstByField(schema: z.ZodType, input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of issues(schema, input)) out[path] ??= message;
  return out;
}

describe('registerForm', () => {
  const valid = { username: 'alice', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a valid form, with display name and avatar optional', () => {
    expect(registerForm.safeParse(valid).success).toBe(true);
    expect(registerForm.parse({ ...valid, name: '  Alice A  ', avatar: PNG })).toEqual({
      ...valid,
      name: 'Alice A',
      avatar: PNG,
    });
  });

  it("says 'Username must be at least 3 characters' under 3 characters, after trimming", () => {
    expect(issues(registerForm, { ...valid, username: 'ab' })).toEqual([
      ['username', 'Username must be at least 3 characters'],
    ]);
    expect(issues(registerForm, { ...valid, username: '  ab  ' })).toEqual([
      ['username', 'Username must be at least 3 characters'],
    ]);
    expect(registerForm.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
  });

  it("says 'Password must be at least 6 characters' under 6 characters", () => {
    expect(issues(registerForm, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual(
      [['password', 'Password must be at least 6 characters']],
    );
    expect(
      registerForm.safeParse({ ...valid, password: '123456', confirmPassword: '123456' }).success,
    ).toBe(true);
  });

  it("says 'Please confirm your password' when the confirmation is empty", () => {
    expect(firstByField(registerForm, { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your password',
    });
  });

  it("says 'Passwords don't match' on the confirmation field", () => {
    expect(issues(registerForm, { ...valid, confirmPassword: 'secret2' })).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
  });

  it('reports every field of an empty form with its own message', () => {
    expect(firstByField(registerForm, { username: '', password: '', confirmPassword: '' })).toEqual(
      {
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 6 characters',
        confirmPassword: 'Please confirm your password',
      },
    );
  });
});

describe('registerBody', () => {
  it('drops role and isAdmin from the body', () => {
    const parsed = registerBody.parse({
      username: 'alice',
      password: 'secret1',
      role: 'king',
      isAdmin: 'true',
    });
    expect(parsed).toEqual({ username: 'alice', password: 'secret1' });
  });

  it('checks the avatar bytes', () => {
    expect(
      registerBody.safeParse({ username: 'alice', password: 'secret1', avatar: PNG }).success,
    ).toBe(true);
    expect(
      issues(registerBody, {
        username: 'alice',
        password: 'secret1',
        avatar: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      }),
    ).toEqual([['avatar', 'Avatar must be a PNG, JPEG or WebP image']]);
  });
});

describe('loginBody', () => {
  it('accepts a username and password', () => {
    expect(loginBody.parse({ username: ' eddie ', password: 'x' })).toEqual({
      username: 'eddie',
      password: 'x',
    });
  });

  it("says 'Username is required' and 'Password is required' when empty", () => {
    expect(issues(loginBody, { username: '', password: '' })).toEqual([
      ['username', 'Username is required'],
      ['password', 'Password is required'],
    ]);
  });

  it('gives the same messages when the fields are missing', () => {
    expect(issues(loginBody, {})).toEqual([
      ['username', 'Username is required'],
      ['password', 'Password is required'],
    ]);
  });

  it('treats a whitespace-only username as missing', () => {
    expect(issues(loginBody, { username: '   ', password: 'secret1' })).toEqual([
      ['username', 'Username is required'],
    ]);
  });
});

describe('changePasswordForm', () => {
  const valid = {
    currentPassword: 'old-secret',
    newPassword: 'new-secret',
    confirmPassword: 'new-secret',
  };

  it('accepts a valid form', () => {
    expect(changePasswordForm.parse(valid)).toEqual(valid);
  });

  it("says 'Current password is required' when the current password is empty", () => {
    expect(issues(changePasswordForm, { ...valid, currentPassword: '' })).toEqual([
      ['currentPassword', 'Current password is required'],
    ]);
  });

  it("says 'New password must be at least 6 characters' under 6 characters", () => {
    expect(
      issues(changePasswordForm, { ...valid, newPassword: 'abcde', confirmPassword: 'abcde' }),
    ).toEqual([['newPassword', 'New password must be at least 6 characters']]);
  });

  it("says 'Please confirm your new password' when the confirmation is empty", () => {
    expect(firstByField(changePasswordForm, { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your new password',
    });
  });

  it("says 'Passwords don't match' on the confirmation field", () => {
    expect(issues(changePasswordForm, { ...valid, confirmPassword: 'new-secreT' })).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
  });

  it('reports every field of an empty form with its own message', () => {
    expect(
      firstByField(changePasswordForm, {
        currentPassword: '',
        newPassword: '',
        confirmPassword: '',
      }),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 6 characters',
      confirmPassword: 'Please confirm your new password',
    });
  });

  it('sends only currentPassword and newPassword in the body', () => {
    expect(changePasswordBody.parse(valid)).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
  });
});

describe('profileUpdateBody', () => {
  it('has name and avatar both optional', () => {
    expect(profileUpdateBody.parse({})).toEqual({});
    expect(profileUpdateBody.parse({ name: null, avatar: null })).toEqual({
      name: null,
      avatar: null,
    });
  });

  it('trims the name and accepts an empty avatar (removal) or a real image', () => {
    expect(profileUpdateBody.parse({ name: '  Ann Lee ', avatar: '' })).toEqual({
      name: 'Ann Lee',
      avatar: '',
    });
    expect(profileUpdateBody.parse({ avatar: PNG })).toEqual({ avatar: PNG });
  });

  it('refuses a name that is not text or too long', () => {
    expect(issues(profileUpdateBody, { name: 42 })).toEqual([
      ['name', 'Display name must be text'],
    ]);
    expect(issues(profileUpdateBody, { name: 'x'.repeat(101) })).toEqual([
      ['name', MESSAGES.nameLong],
    ]);
    expect(profileUpdateBody.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
  });

  it('refuses an avatar that is not a real image', () => {
    expect(issues(profileUpdateBody, { avatar: 'data:text/html;base64,PGgxPmhpPC9oMT4=' })).toEqual(
      [['avatar', 'Avatar must be a PNG, JPEG or WebP image']],
    );
  });
});

describe('avatarUploadBody', () => {
  it('requires image data that is a real image', () => {
    expect(avatarUploadBody.parse({ imageData: PNG })).toEqual({ imageData: PNG });
    expect(issues(avatarUploadBody, {})).toEqual([['imageData', 'Image data is required']]);
    expect(firstByField(avatarUploadBody, { imageData: '' })).toEqual({
      imageData: 'Image data is required',
    });
    expect(issues(avatarUploadBody, { imageData: 'data:image/png;base64,PGh0bWw+' })).toEqual([
      ['imageData', 'Avatar must be a PNG, JPEG or WebP image'],
    ]);
  });
});

describe('MESSAGES', () => {
  it('holds the exact texts of SPEC.md section 5', () => {
    expect(MESSAGES).toMatchObject({
      usernameShort: 'Username must be at least 3 characters',
      passwordShort: 'Password must be at least 6 characters',
      confirmRequired: 'Please confirm your password',
      passwordsDontMatch: "Passwords don't match",
      usernameRequired: 'Username is required',
      passwordRequired: 'Password is required',
      currentRequired: 'Current password is required',
      newPasswordShort: 'New password must be at least 6 characters',
      confirmNewRequired: 'Please confirm your new password',
      invalidCredentials: 'Invalid username or password',
    });
  });
});

describe('missing confirmation keys', () => {
  it('names the missing confirmation with the spec message, not a type error', () => {
    const reg = registerForm.safeParse({ username: 'alice', password: 'secret123' });
    expect(reg.success).toBe(false);
    expect(reg.error?.issues[0]?.message).toBe('Please confirm your password');
    const change = changePasswordForm.safeParse({ currentPassword: 'a', newPassword: 'secret123' });
    expect(change.error?.issues[0]?.message).toBe('Please confirm your new password');
  });
});
