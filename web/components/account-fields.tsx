import { TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN, USERNAME_MIN } from '@domain/auth';
import { AvatarInput } from './avatar-input';
import { PasswordField } from './password-field';

// The fields of an account that the sign-in, registration, profile and admin forms share, each
// bound to its form by the path the domain's form schemas give it (domain/auth.ts, admin.ts).

/** A Mantine form, as far as the fields need it. */
interface AccountForm {
  getInputProps: (path: string) => GetInputPropsReturnType;
}

/** The hints under a new account's username and password (docs/product.md#validation-and-messages). */
export const USERNAME_HINT = `At least ${USERNAME_MIN} characters: letters, numbers, dots, dashes or underscores`;
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;

type TextFieldProps = Omit<TextInputProps, 'form'> & { form: AccountForm };

/** The username (path `username`), never capitalised or spell-checked by a phone. */
export function UsernameField({ form, ...props }: TextFieldProps) {
  return (
    <TextInput
      label="Username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      {...form.getInputProps('username')}
    />
  );
}

/** The display name (path `name`). */
export function DisplayNameField({ form, ...props }: TextFieldProps) {
  return (
    <TextInput
      label="Display name"
      autoComplete="name"
      {...props}
      {...form.getInputProps('name')}
    />
  );
}

/**
 * A new password and its confirmation (path `confirmPassword`): on registration and Create New
 * User (path `password`), Change password and an admin's Reset Password (path `newPassword`).
 */
export function NewPasswordFields({
  form,
  path = 'password',
  label = 'Password',
  confirmLabel = 'Confirm password',
  description,
  disabled,
  autoFocus = false,
}: {
  form: AccountForm;
  path?: 'password' | 'newPassword';
  label?: string;
  confirmLabel?: string;
  description?: string;
  disabled?: boolean;
  /** The new password takes the dialog's first focus. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        label={label}
        description={description}
        autoComplete="new-password"
        disabled={disabled}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps(path)}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        disabled={disabled}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}

/**
 * The avatar (path `avatar`, a data URL or ''): by default a new account's optional picture,
 * removable once one is chosen.
 */
export function AvatarField({
  form,
  label = 'Avatar',
  description = 'Optional: JPEG or PNG, smaller than 2MB',
  removable = 'when-set',
  disabled,
}: {
  form: { values: { avatar: string }; setFieldValue: (path: 'avatar', value: string) => void };
  label?: string;
  description?: string;
  removable?: 'always' | 'when-set';
  disabled: boolean;
}) {
  return (
    <AvatarInput
      label={label}
      description={description}
      value={form.values.avatar}
      onChange={(avatar) => form.setFieldValue('avatar', avatar)}
      removable={removable}
      disabled={disabled}
    />
  );
}
