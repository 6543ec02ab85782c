import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MarginReport } from '@domain/margin';
import { marginCsvUrl } from '../../../api/margin';
import { renderWithProviders } from '../../../test/render';
import { MarginTable } from './margin-section';

const figures = (
  revenue: string,
  payouts: string,
  margin: string,
  marginPercent: string | null,
) => ({
  revenue,
  payouts,
  margin,
  marginPercent,
});
const report: MarginReport = {
  by: 'video',
  from: '2026-07',
  to: '2026-12',
  rows: [
    {
      key: null,
      label: 'Retainer fees',
      retainerFees: true,
      noPayout: false,
      ...figures('500.00', '0.00', '500.00', '100.0'),
    },
    {
      key: 'v2',
      label: 'Delta',
      retainerFees: false,
      noPayout: true,
      ...figures('80.00', '0.00', '80.00', '100.0'),
    },
    {
      key: 'v3',
      label: 'Charlie',
      retainerFees: false,
      noPayout: false,
      ...figures('0.00', '60.00', '-60.00', null),
    },
  ],
  total: figures('580.00', '60.00', '520.00', '89.7'),
  trend: [],
};

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

describe('MarginTable', () => {
  it('shows each row with its figures, marks a video without payout, explains the retainer row', () => {
    renderWithProviders(<MarginTable report={report} />);
    expect(screen.getByRole('table', { name: 'Margin by video' })).toBeTruthy();
    const delta = rowOf('Delta');
    expect(within(delta).getByText('no payout')).toBeTruthy();
    expect(delta.textContent).toContain('$80.00');
    expect(delta.textContent).toContain('100.0%');
    const charlie = rowOf('Charlie');
    expect(charlie.textContent).toContain('-$60.00');
    // No revenue: no percentage to give.
    expect(charlie.textContent).toContain('—');
    expect(within(charlie).queryByText('no payout')).toBeNull();
    expect(rowOf('Total').textContent).toContain('$520.00');
    expect(rowOf('Total').textContent).toContain('89.7%');
    expect(
      screen.getByText(/Retainer fees: a retainer fee belongs to a client and a month/),
    ).toBeTruthy();
    expect(screen.getByText(/no payout was locked for the video/)).toBeTruthy();
  });

  it('shows the first 15 rows, all of them on request, the total always of all', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      ...report.rows[2]!,
      key: `v${i}`,
      label: `Video ${i + 1}`,
    }));
    renderWithProviders(<MarginTable report={{ ...report, rows: many }} />);
    expect(screen.queryByRole('rowheader', { name: 'Video 16' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Video 15' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show all 20 rows' }));
    expect(screen.getByRole('rowheader', { name: 'Video 20' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('says so when the period has nothing', () => {
    renderWithProviders(
      <MarginTable
        report={{ ...report, rows: [], total: figures('0.00', '0.00', '0.00', null) }}
      />,
    );
    expect(screen.getByText('No revenue and no payouts in this period.')).toBeTruthy();
  });

  it('links the CSV of the same grouping and period', () => {
    expect(marginCsvUrl({ by: 'editor', from: '2026-07', to: '2026-12' })).toBe(
      '/api/admin/margin.csv?by=editor&from=2026-07&to=2026-12',
    );
  });
});
