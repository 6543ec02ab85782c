import {
  Alert,
  Button,
  Code,
  CopyButton,
  Flex,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_EXPIRY_LABELS,
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME_MAX,
  createApiTokenBody,
  DEFAULT_API_TOKEN_EXPIRY_DAYS,
  type ApiTokenView,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@domain/api-tokens';
import { ConfirmDialog } from '../../../components/guarded-modal';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../../api/api-tokens';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: API_TOKEN_EXPIRY_LABELS[days],
}));

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const moment = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The read of one's tokens as the card uses it (react-query's answer, or a test's). */
export type ApiTokensRead = Pick<UseQueryResult<ApiTokenView[]>, 'data' | 'error' | 'isError'>;

export interface ApiTokensCardProps {
  tokens: ApiTokensRead;
  create: (body: CreateApiTokenBody) => Promise<CreatedApiToken>;
  revoke: (id: string) => Promise<unknown>;
}

/** The form's values: the expiry as the Select holds it (text). */
interface TokenForm {
  name: string;
  expiresInDays: string;
}

/** The new token's secret, shown this once with a copy button, and an Undo (revoke it again). */
function NewTokenSecret({
  token,
  onDone,
  onUndo,
  undoing,
}: {
  token: CreatedApiToken;
  onDone: () => void;
  onUndo: () => void;
  undoing: boolean;
}) {
  return (
    <Alert color="teal" title={API_TOKEN_MESSAGES.created(token.name)} role="status">
      <Stack gap="xs">
        <Text size="sm">{API_TOKEN_MESSAGES.copyNow}</Text>
        <Code
          block
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          aria-label="New token"
        >
          {token.token}
        </Code>
        <Group gap="xs" wrap="wrap">
          <CopyButton value={token.token}>
            {({ copied, copy }) => (
              <Button size="sm" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button size="sm" variant="default" onClick={onDone}>
            Done
          </Button>
          <Button size="sm" variant="subtle" color="red" onClick={onUndo} disabled={undoing}>
            {undoing ? 'Revoking...' : API_TOKEN_MESSAGES.undoCreate}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One token of the list: name, start, dates, and its Revoke button. */
function TokenRow({ token, onRevoke }: { token: ApiTokenView; onRevoke: () => void }) {
  return (
    <Paper withBorder p="sm" component="li" aria-label={token.name}>
      <Flex
        direction={{ base: 'column', xs: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', xs: 'center' }}
        gap="xs"
      >
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Code>{token.hint}</Code>
          </Group>
          <Text size="xs" c={token.expired ? 'red' : 'dimmed'}>
            {token.expired ? `Expired ${day(token.expiresAt)}` : `Expires ${day(token.expiresAt)}`}{' '}
            · Created {day(token.createdAt)} ·{' '}
            {token.lastUsedAt ? `Last used ${moment(token.lastUsedAt)}` : 'Never used'}
          </Text>
        </Stack>
        <Button
          size="sm"
          variant="light"
          color="red"
          onClick={onRevoke}
          aria-label={`Revoke token ${token.name}`}
        >
          {token.expired ? 'Remove' : 'Revoke'}
        </Button>
      </Flex>
    </Paper>
  );
}

/**
 * The profile's API tokens (issue 46; docs/product.md#sign-up-sign-in-profile): create one
 * (name and expiry; the secret is shown once with a copy button), list them, revoke one after a
 * confirmation. Reads and calls come in as props (ApiTokensSection binds them to the API).
 */
export function ApiTokensCard({ tokens, create, revoke }: ApiTokensCardProps) {
  const form = useForm<TokenForm>({
    mode: 'controlled',
    initialValues: { name: '', expiresInDays: String(DEFAULT_API_TOKEN_EXPIRY_DAYS) },
    validate: (values) => {
      const parsed = createApiTokenBody.safeParse({
        name: values.name,
        expiresInDays: Number(values.expiresInDays),
      });
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    },
  });
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiTokenView | null>(null);
  const [revoking, setRevoking] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setCreating(true);
    setCreateError(null);
    try {
      const body = createApiTokenBody.parse({
        name: values.name,
        expiresInDays: Number(values.expiresInDays),
      });
      setCreated(await create(body));
      form.reset();
    } catch (error) {
      setCreateError(getErrorMessage(error, API_TOKEN_MESSAGES.createFailed));
    } finally {
      setCreating(false);
    }
  });

  const undoCreate = async () => {
    if (!created) return;
    setUndoing(true);
    try {
      await revoke(created.id);
      notifySuccess(API_TOKEN_MESSAGES.undone(created.name));
      setCreated(null);
    } catch (error) {
      notifyError(API_TOKEN_MESSAGES.revokeFailed, getErrorMessage(error, ''));
    } finally {
      setUndoing(false);
    }
  };

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    setRevoking(true);
    try {
      await revoke(toRevoke.id);
      notifySuccess(API_TOKEN_MESSAGES.revoked(toRevoke.name));
      if (created?.id === toRevoke.id) setCreated(null);
      setToRevoke(null);
    } catch (error) {
      notifyError(API_TOKEN_MESSAGES.revokeFailed, getErrorMessage(error, ''));
    } finally {
      setRevoking(false);
    }
  };

  let list;
  if (tokens.isError) {
    list = (
      <Text c="red" size="sm" role="alert">
        {getErrorMessage(tokens.error, API_TOKEN_MESSAGES.loadFailed)}
      </Text>
    );
  } else if (!tokens.data) {
    list = (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Loading API tokens...
        </Text>
      </Group>
    );
  } else if (tokens.data.length === 0) {
    list = (
      <Text size="sm" c="dimmed">
        {API_TOKEN_MESSAGES.none}
      </Text>
    );
  } else {
    list = (
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Your API tokens"
      >
        {tokens.data.map((token) => (
          <TokenRow key={token.id} token={token} onRevoke={() => setToRevoke(token)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label="Create an API token">
        <Flex
          direction={{ base: 'column', xs: 'row' }}
          gap="sm"
          align={{ base: 'stretch', xs: 'flex-end' }}
        >
          <TextInput
            label="Token name"
            placeholder="Nightly export script"
            maxLength={API_TOKEN_NAME_MAX + 20}
            style={{ flex: 1 }}
            {...form.getInputProps('name')}
          />
          <Select
            label="Expires in"
            data={EXPIRY_OPTIONS}
            allowDeselect={false}
            w={{ base: '100%', xs: 140 }}
            {...form.getInputProps('expiresInDays')}
          />
          <Button type="submit" disabled={creating}>
            {creating ? 'Creating...' : 'Create token'}
          </Button>
        </Flex>
        {createError && (
          <Text c="red" size="sm" role="alert" mt="xs">
            {createError}
          </Text>
        )}
      </form>
      {created && (
        <NewTokenSecret
          token={created}
          onDone={() => setCreated(null)}
          onUndo={() => void undoCreate()}
          undoing={undoing}
        />
      )}
      {list}
      <ConfirmDialog
        opened={toRevoke !== null}
        onClose={() => setToRevoke(null)}
        title={API_TOKEN_MESSAGES.revokeTitle}
        pending={revoking}
        confirm={{
          label: 'Revoke',
          pendingLabel: 'Revoking...',
          color: 'red.9',
          onConfirm: () => void confirmRevoke(),
          focusCancel: true,
        }}
      >
        {toRevoke && <Text>{API_TOKEN_MESSAGES.revokeConfirm(toRevoke.name)}</Text>}
      </ConfirmDialog>
    </Stack>
  );
}

/** The card bound to the API: one's tokens, and the create and revoke calls. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  return <ApiTokensCard tokens={tokens} create={create.mutateAsync} revoke={revoke.mutateAsync} />;
}
