import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { ROUND_FEE_KINDS, type RoundFeeKind } from '@domain/invoicing';
import { ROUND_FEE_KIND_LABELS } from '@domain/money-labels';

/** A form's round pricing fields: what they read and write, and their errors. */
export interface RoundFieldsProps {
  includedRounds: string;
  roundFeeKind: RoundFeeKind | '';
  roundFee: string;
  onChange: (patch: {
    includedRounds?: string;
    roundFeeKind?: RoundFeeKind | '';
    roundFee?: string;
  }) => void;
  errors?: Record<string, string | undefined>;
  /** Said by the empty choices (a plan's or a client's: "Agency default"); none: all required. */
  inherit?: string;
  /** Names the fields apart from other forms' on the page, e.g. 'of Gold plan'. */
  of?: string;
  disabled?: boolean;
}

/**
 * Included rounds, the fee's kind and the fee: the agency's defaults, a plan's or a client's
 * own (empty fields there: the next level's, named by `inherit`).
 */
export function RoundPricingFields({
  includedRounds,
  roundFeeKind,
  roundFee,
  onChange,
  errors = {},
  inherit,
  of,
  disabled,
}: RoundFieldsProps) {
  const name = (label: string) => (of ? `${label} ${of}` : label);
  const kinds = ROUND_FEE_KINDS.map((k) => ({ value: k, label: ROUND_FEE_KIND_LABELS[k] }));
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <TextInput
        label="Included rounds"
        aria-label={name('Included rounds')}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        placeholder={inherit}
        value={includedRounds}
        error={errors.includedRounds}
        disabled={disabled}
        onChange={(e) => onChange({ includedRounds: e.currentTarget.value })}
      />
      <Select
        label="Extra round fee"
        aria-label={name('Extra round fee kind')}
        data={inherit ? [{ value: '', label: inherit }, ...kinds] : kinds}
        value={roundFeeKind}
        allowDeselect={false}
        disabled={disabled}
        onChange={(v) => onChange({ roundFeeKind: v ?? '', ...(v ? {} : { roundFee: '' }) })}
      />
      <TextInput
        label={roundFeeKind === 'percent' ? 'Fee (%)' : 'Fee amount'}
        aria-label={name('Extra round fee amount')}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={roundFee}
        error={errors.roundFee}
        disabled={disabled || roundFeeKind === ''}
        onChange={(e) => onChange({ roundFee: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
