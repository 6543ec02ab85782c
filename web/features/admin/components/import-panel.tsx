import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportPreview,
} from '@domain/import';
import { usePreviewImport, useRunImport } from '../../../api/import';
import { getErrorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

const KIND_LABELS: Record<ImportKind, string> = { clients: 'Clients', videos: 'Videos' };

/** The problems shown at most; the counts say how many more. */
const SHOWN_ROWS = 50;

/**
 * Import (issue 46 part 5; docs/product.md "Import"): a CSV of clients or videos is checked
 * first, row by row; the import writes the whole file or, when a row has a problem, nothing.
 */
export function ImportPanel() {
  const [kind, setKind] = useState<ImportKind>('videos');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const check = usePreviewImport();
  const run = useRunImport();

  const reset = () => {
    setPreview(null);
    setFailure(null);
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    reset();
    if (!chosen) return;
    const text = await chosen.text();
    setCsv(text);
    check.mutate(
      { kind, csv: text },
      {
        onSuccess: setPreview,
        onError: (error) => setFailure(getErrorMessage(error, 'The file could not be checked')),
      },
    );
  };

  const importFile = () => {
    if (!csv) return;
    run.mutate(
      { kind, csv },
      {
        onSuccess: (result) => {
          if (result.done) {
            notifySuccess('Import finished', result.message);
            setFile(null);
            setCsv(null);
            reset();
          } else {
            setPreview(result.preview);
            setFailure(result.message);
          }
        },
        onError: (error) => setFailure(getErrorMessage(error, 'The import failed')),
      },
    );
  };

  const bad = preview?.rows.filter((r) => r.outcome === 'invalid') ?? [];
  const columns = IMPORT_COLUMNS[kind];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Import from a spreadsheet
          </Title>
          <Text size="sm" c="dimmed">
            A CSV file with a header row, at most {IMPORT_MAX_ROWS} rows. {KIND_LABELS[kind]} read
            the columns {columns.read.join(', ')} ({columns.required.join(', ')} required); a file
            exported from Invoicing can be imported as videos. Nothing is written until every row is
            valid, and rows already here are skipped.
          </Text>
        </div>
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value);
            setFile(null);
            setCsv(null);
            reset();
          }}
          data={[
            { value: 'videos', label: KIND_LABELS.videos },
            { value: 'clients', label: KIND_LABELS.clients },
          ]}
          aria-label="What to import"
          w={{ base: '100%', xs: 'auto' }}
        />
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        />
        {check.isPending && (
          <Text size="sm" role="status">
            Checking the file...
          </Text>
        )}
        {failure && (
          <Alert color="red" title={failure} role="alert">
            {bad.length > 0 ? 'Fix the rows below and choose the file again.' : null}
          </Alert>
        )}
        {preview && (
          <Stack gap="sm">
            <Text size="sm" aria-label="What the import would do">
              <strong>{preview.counts.create} to create</strong> · {preview.counts.exists} already
              here ·{' '}
              <Text span c={bad.length ? 'red.9' : undefined} fw={bad.length ? 700 : undefined}>
                {preview.counts.invalid} with problems
              </Text>
            </Text>
            {preview.ignoredColumns.length > 0 && (
              <Text size="xs" c="dimmed">
                Not read: {preview.ignoredColumns.join(', ')}
              </Text>
            )}
            {bad.length > 0 && (
              <Table.ScrollContainer minWidth={320}>
                <Table striped aria-label="Rows with problems">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Line</Table.Th>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Problems</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {bad.slice(0, SHOWN_ROWS).map((row) => (
                      <Table.Tr key={row.line}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.label}</Table.Td>
                        <Table.Td>{row.problems.join('; ')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {bad.length > SHOWN_ROWS && (
                  <Text size="xs" c="dimmed">
                    and {bad.length - SHOWN_ROWS} more rows with problems
                  </Text>
                )}
              </Table.ScrollContainer>
            )}
            <Group>
              <Button
                onClick={importFile}
                loading={run.isPending}
                disabled={bad.length > 0 || preview.counts.create === 0}
              >
                {preview.counts.create === 0
                  ? 'Nothing new to import'
                  : `Import ${preview.counts.create} ${kind === 'clients' ? 'clients' : 'videos'}`}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
