import {
  Anchor,
  Button,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { invoiceLabel, type InvoiceDetail } from '@domain/invoices';
import { MONEY_LABELS } from '@domain/money-labels';
import { displayName } from '@domain/people';
import { useAgencyDetails } from '../../../api/agency';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import {
  invoicePdfUrl,
  useInvoicePreview,
  useIssuedInvoice,
  useIssueInvoice,
  usePayInvoice,
  useSendInvoice,
} from '../../../api/invoices';
import { useClientPricingList } from '../../../api/pricing';
import { errorStatus, getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from './confirm-dialog';
import { InvoiceDocument } from './invoice-document';
import classes from './invoice-print.module.css';
import { IconDownload, IconPrinter } from './invoicing-icons';

/**
 * While an invoice is open the body carries .printing-invoice, so printing shows the invoice
 * alone: the page behind, the overlay, the dialog's title and close button and its buttons drop
 * out (invoice-print.module.css).
 */
function usePrintingInvoice(opened: boolean) {
  useEffect(() => {
    if (!opened) return;
    document.body.classList.add('printing-invoice');
    return () => document.body.classList.remove('printing-invoice');
  }, [opened]);
}

/** The king's actions on an issued invoice: PDF, email (asks), mark paid (asks), print. */
function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const [asking, setAsking] = useState<'send' | 'pay' | null>(null);
  const [to, setTo] = useState(invoice.buyer.email);
  const send = useSendInvoice();
  const pay = usePayInvoice();
  const label = invoiceLabel(invoice.number);
  return (
    <Group justify="flex-end" gap="xs" wrap="wrap" className={classes.noPrint}>
      <Button
        component="a"
        href={invoicePdfUrl(invoice.id)}
        download={`${label}.pdf`}
        variant="default"
        leftSection={<IconDownload size={16} />}
      >
        Download PDF
      </Button>
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => print()}>
        Print
      </Button>
      <Button variant="light" onClick={() => setAsking('send')}>
        Send by email
      </Button>
      {invoice.status !== 'paid' && (
        <Button color="teal" onClick={() => setAsking('pay')}>
          Mark paid
        </Button>
      )}
      <ConfirmDialog
        opened={asking === 'send'}
        title={`Send ${label}?`}
        confirmLabel="Send"
        pending={send.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          send.mutate(
            { id: invoice.id, to: to.trim() || undefined },
            {
              onSuccess: (answer) => {
                setAsking(null);
                notifySuccess(MONEY_LABELS.sent, answer.message);
              },
              onError: (error) =>
                notifyError('Error', getErrorMessage(error, MONEY_LABELS.sendFailed)),
            },
          )
        }
      >
        <Stack gap="xs">
          <Text>{MONEY_LABELS.sendConfirm}</Text>
          <TextInput
            label="To"
            type="email"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            description={invoice.emailedAt ? 'Sent before; it is sent again.' : undefined}
          />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'pay'}
        title={`Mark ${label} paid?`}
        confirmLabel="Mark paid"
        color="teal"
        pending={pay.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          pay.mutate(invoice.id, {
            onSuccess: (answer) => {
              setAsking(null);
              notifySuccess(MONEY_LABELS.paid, answer.message);
            },
            onError: (error) =>
              notifyError('Error', getErrorMessage(error, MONEY_LABELS.payFailed)),
          })
        }
      >
        {MONEY_LABELS.payConfirm}
      </ConfirmDialog>
    </Group>
  );
}

/** One issued invoice, open for reading, printing and its actions. */
export function InvoiceViewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const invoice = useIssuedInvoice(id);
  const phone = usePhoneLayout();
  usePrintingInvoice(id !== null);
  return (
    <Modal
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={id !== null}
      onClose={onClose}
      title={invoice.data ? invoiceLabel(invoice.data.number) : 'Invoice'}
      size="xl"
      classNames={{ header: classes.noPrint, content: classes.printRoot }}
    >
      {invoice.isPending ? (
        <Skeleton h={320} />
      ) : invoice.isError ? (
        <Text c="red" role="alert">
          {getErrorMessage(invoice.error, 'Unable to load the invoice.')}
        </Text>
      ) : (
        <Stack>
          <InvoiceDocument invoice={{ ...invoice.data, issued: invoice.data }} />
          <InvoiceActions invoice={invoice.data} />
        </Stack>
      )}
    </Modal>
  );
}

/** Chooses a client, shows what its invoice would hold, and issues it. */
export function IssueInvoiceDialog({
  opened,
  onClose,
  onIssued,
}: {
  opened: boolean;
  onClose: () => void;
  onIssued: (invoice: InvoiceDetail) => void;
}) {
  const clients = useClientPricingList();
  const agency = useAgencyDetails();
  const [clientId, setClientId] = useState<string | null>(null);
  const preview = useInvoicePreview(opened ? clientId : null);
  const issue = useIssueInvoice();
  const phone = usePhoneLayout();
  const close = () => {
    if (issue.isPending) return;
    setClientId(null);
    onClose();
  };
  const empty =
    (preview.data && preview.data.lines.length === 0) || errorStatus(preview.error) === 409;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={close}
      title={MONEY_LABELS.issueTitle}
      size="xl"
      fullScreen={phone}
    >
      <Stack>
        <Select
          label="Client to invoice"
          placeholder="Choose a client"
          searchable
          data={(clients.data ?? []).map((c) => ({
            value: c.id,
            label: `${displayName(c)} (@${c.username})`,
          }))}
          value={clientId}
          onChange={setClientId}
          nothingFoundMessage="No clients found..."
        />
        {!clientId ? (
          <Text c="dimmed" size="sm">
            Choose a client to see its unbilled work: completed unpaid videos, extra rounds and
            retainer fees not on an invoice yet.
          </Text>
        ) : preview.isPending ? (
          <Skeleton h={240} />
        ) : empty ? (
          <Text c="dimmed">{MONEY_LABELS.nothingToInvoice}</Text>
        ) : preview.isError ? (
          <Text c="red" role="alert">
            {getErrorMessage(preview.error, 'Unable to load the preview.')}
          </Text>
        ) : (
          <InvoiceDocument
            invoice={{
              ...preview.data,
              seller: agency.data
                ? {
                    name: agency.data.name,
                    address: agency.data.address,
                    taxId: agency.data.taxId,
                    logo: agency.data.logo,
                    paymentInstructions: agency.data.paymentInstructions,
                  }
                : null,
            }}
          />
        )}
        <Text size="sm" c="dimmed">
          {MONEY_LABELS.issueConfirm}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={issue.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!clientId || preview.isPending || empty}
            loading={issue.isPending}
            onClick={() => {
              if (!clientId) return;
              issue.mutate(
                { clientId },
                {
                  onSuccess: (invoice) => {
                    notifySuccess(MONEY_LABELS.issued, invoiceLabel(invoice.number));
                    setClientId(null);
                    onIssued(invoice);
                  },
                  onError: (error) =>
                    notifyError('Error', getErrorMessage(error, MONEY_LABELS.issueFailed)),
                },
              );
            }}
          >
            Issue invoice
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A link to an invoice's PDF, for lists. */
export function PdfLink({ id, number }: { id: string; number: number }) {
  const label = invoiceLabel(number);
  return (
    <Anchor
      href={invoicePdfUrl(id)}
      download={`${label}.pdf`}
      size="sm"
      aria-label={`Download ${label} PDF`}
    >
      PDF
    </Anchor>
  );
}
