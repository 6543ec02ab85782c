import { Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/api-client';

/**
 * What a section shows of its query: a skeleton `skeleton` pixels high while it loads (or while
 * `waiting`, for a second query it needs), the server's message or 'Unable to load {what}.' in
 * red when it failed, `empty` for an empty list, else `children` with the data.
 */
export function QueryView<T>({
  query,
  skeleton,
  what,
  waiting = false,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  skeleton: number;
  what: string;
  waiting?: boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending || waiting) return <Skeleton h={skeleton} />;
  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {getErrorMessage(query.error, `Unable to load ${what}.`)}
      </Text>
    );
  }
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty;
  return children(query.data);
}
