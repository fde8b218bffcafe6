import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { installDomShims } from '../testing/fixtures.ts';
import { EmptyState } from './EmptyState.tsx';

describe('empty state', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en');
  });
  afterEach(cleanup);

  it('says nothing exists yet by default', () => {
    render(<EmptyState />);
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
    expect(document.querySelector('[data-empty-kind="none"]')).toBeTruthy();
  });

  it('says the filters leave nothing when filtered', () => {
    render(<EmptyState kind="filtered" />);
    expect(screen.getByText('Nothing matches these filters')).toBeTruthy();
    expect(document.querySelector('[data-empty-kind="filtered"]')).toBeTruthy();
  });

  it("takes a screen's own sentence and action", () => {
    render(
      <EmptyState description="No orders yet">
        <button type="button">Trade</button>
      </EmptyState>,
    );
    expect(screen.getByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Trade' })).toBeTruthy();
  });
});
