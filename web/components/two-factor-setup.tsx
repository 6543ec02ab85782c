import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@domain/two-factor';

/**
 * The pieces of setting up two-factor sign-in (issue 46), shared by the profile and by the
 * sign-in the agency's requirement leads to: the QR code with its key, the first code, and the
 * recovery codes shown once.
 */

/** A code input: digits from the app (or, unless `digitsOnly`, a recovery code too). */
export function CodeField({
  value,
  onChange,
  error,
  label = 'Code from the app',
  description,
  autoFocus = false,
  digitsOnly = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  description?: string;
  autoFocus?: boolean;
  /** Only an app's digits (a phone shows its number pad); false where a recovery code may go. */
  digitsOnly?: boolean;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      autoComplete="one-time-code"
      inputMode={digitsOnly ? 'numeric' : 'text'}
      autoCapitalize="off"
      spellCheck={false}
      autoFocus={autoFocus}
      maxLength={40}
    />
  );
}

/** The key in groups of four, as people read and type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The QR code to scan, the key for apps that cannot, and the first code that confirms. */
export function TwoFactorSetupPanel({
  setup,
  pending,
  error,
  onConfirm,
  confirmLabel = 'Turn on',
  onCancel,
}: {
  setup: TwoFactorSetup;
  pending: boolean;
  error: string | null;
  onConfirm: (code: string) => void;
  confirmLabel?: string;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
          Authenticator, 1Password or Authy).
        </Text>
        <Image
          src={setup.qrCode}
          alt="QR code of your two-factor key, for an authenticator app"
          w={192}
          h={192}
          fit="contain"
          bg="white"
        />
        <Stack gap={4}>
          <Text size="sm">Cannot scan? Enter this key in the app instead:</Text>
          <Group gap="xs" wrap="wrap">
            <Code fz="sm">{grouped(setup.secret)}</Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? 'Key copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Text size="sm">2. Type the six-digit code the app shows.</Text>
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            setMissing(false);
          }}
          error={missing ? TWO_FACTOR_MESSAGES.codeRequired : error}
        />
        <Group gap="sm" justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The recovery codes, shown this once: copy, download, then go on. */
export function RecoveryCodesPanel({
  codes,
  username,
  onDone,
  doneLabel = 'I have saved them',
}: {
  codes: readonly string[];
  username: string;
  onDone: () => void;
  doneLabel?: string;
}) {
  const text = codes.join('\n');
  const download = () => {
    const blob = new Blob([`Recovery codes for ${username}\n\n${text}\n`], {
      type: 'text/plain',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${username}.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Save your recovery codes" role="status">
        If you lose your phone, each of these codes signs you in once instead of a code from the
        app. They are shown only now: copy or download them and keep them somewhere safe.
      </Alert>
      <List
        listStyleType="none"
        spacing={4}
        aria-label="Recovery codes"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 4 }}
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="sm">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="sm" wrap="wrap">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Codes copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone} ml="auto">
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
