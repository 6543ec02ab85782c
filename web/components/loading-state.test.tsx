import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LoadingState } from './loading-state';

describe('LoadingState', () => {
  it('announces what is loading', () => {
    renderWithProviders(<LoadingState label="Loading dashboard..." />);
    expect(screen.getByText('Loading dashboard...')).toBeTruthy();
  });
});
