import { describe, expect, it } from 'vitest';
import {
  avatarUploadBody,
  changePasswordBody,
  changePasswordForm,
  loginBody,
  MESSAGES,
  profileUpdateBody,
  registerBody,
  registerForm,
  signInPath,
  signInReturnPath,
} from './auth';
import { firstByField, issues } from './test-helpers';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGElEQVR4AWL6f4bhv3Hamf9MJrPOMIAAAAAA//9K4Mx/AAAABklEQVQDAFCgBs0XmCAnAAAAAElFTkSuQmCC';

const REGISTRATION = { username: 'alice', password: 'secret1', confirmPassword: 'secret1' };
const PASSWORD_CHANGE = {
  currentPassword: 'old-secret',
  newPassword: 'new-secret',
  confirmPassword: 'new-secret',
};

describe('registerForm', () => {
  const valid = REGISTRATION;

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
  const valid = PASSWORD_CHANGE;

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

  it('sends only currentPassword and newPassword in the body', () => {
    expect(changePasswordBody.parse(valid)).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
  });
});

describe.each([
  {
    name: 'registerForm',
    form: registerForm,
    valid: REGISTRATION,
    mismatch: 'secret2',
    confirmRequired: 'Please confirm your password',
    empty: {
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Please confirm your password',
    },
  },
  {
    name: 'changePasswordForm',
    form: changePasswordForm,
    valid: PASSWORD_CHANGE,
    mismatch: 'new-secreT',
    confirmRequired: 'Please confirm your new password',
    empty: {
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 6 characters',
      confirmPassword: 'Please confirm your new password',
    },
  },
])('$name: the confirmation and the empty form', ({ form, valid, mismatch, ...messages }) => {
  it(`says '${messages.confirmRequired}' when the confirmation is empty`, () => {
    expect(firstByField(form, { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: messages.confirmRequired,
    });
  });

  it('names a missing confirmation with the same message, not a type error', () => {
    const { confirmPassword: _, ...withoutConfirmation } = valid;
    expect(issues(form, withoutConfirmation)[0]).toEqual([
      'confirmPassword',
      messages.confirmRequired,
    ]);
  });

  it("says 'Passwords don't match' on the confirmation field", () => {
    expect(issues(form, { ...valid, confirmPassword: mismatch })).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
  });

  it('reports every field of an empty form with its own message', () => {
    const blank = Object.fromEntries(Object.keys(valid).map((field) => [field, '']));
    expect(firstByField(form, blank)).toEqual(messages.empty);
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
  it('holds the exact texts of docs/product.md#validation-and-messages', () => {
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

describe('signInReturnPath: sign-in returns only to addresses of the app (issue 37)', () => {
  it.each([
    ['/dashboard?video=v1&comment=c1', '/dashboard?video=v1&comment=c1'],
    ['/dashboard/user/42#notes', '/dashboard/user/42#notes'],
    ['/profile', '/profile'],
    ['/a/../admin', '/admin'],
  ])('keeps %s', (next, kept) => {
    expect(signInReturnPath(next)).toBe(kept);
  });

  it.each([
    'https://evil.example/dashboard',
    '//evil.example',
    '//evil.example/dashboard',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'dashboard',
    '',
    null,
    undefined,
    '/login?next=%2Fdashboard',
    '/register',
    `/${'a'.repeat(2000)}`,
  ])('refuses %j', (next) => {
    expect(signInReturnPath(next)).toBeNull();
  });

  it('signInPath carries the target, which comes back whole', () => {
    const target = '/dashboard?video=v1&comment=c1';
    const next = new URL(signInPath(target), 'https://x.test').searchParams.get('next');
    expect(signInReturnPath(next)).toBe(target);
  });
});
