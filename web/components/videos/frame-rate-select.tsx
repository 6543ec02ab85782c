import { NativeSelect } from '@mantine/core';
import { useContext } from 'react';
import { isAdmin } from '@domain/roles';
import { FRAME_RATE_LABELS, FRAME_RATES, type FrameRate } from '@domain/timecode';
import { useAgencyDetails } from '../../api/agency';
import { AuthContext } from '../../lib/auth-context';

/**
 * The frame rate menu of a new source or version (issue 43): the agency's default first (left
 * unset, the server takes the agency's rate), then every rate. An admin, who may read the
 * agency's details, sees which rate the default is.
 */
export function FrameRateSelect({
  value,
  onChange,
  description,
}: {
  value: FrameRate | '';
  onChange: (rate: FrameRate | '') => void;
  description: string;
}) {
  // Read without requiring a provider: the review pages and tests draw it signed out.
  const viewer = useContext(AuthContext)?.user;
  const agency = useAgencyDetails({ enabled: Boolean(viewer && isAdmin(viewer)) });
  const known: FrameRate | undefined = agency.data?.frameRate;
  return (
    <NativeSelect
      label="Frame rate"
      description={description}
      data={[
        {
          value: '',
          label: known
            ? `The agency's default (${FRAME_RATE_LABELS[known]})`
            : "The agency's default",
        },
        ...FRAME_RATES.map((rate) => ({ value: rate, label: FRAME_RATE_LABELS[rate] })),
      ]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as FrameRate | '')}
    />
  );
}
