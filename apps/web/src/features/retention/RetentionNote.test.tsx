import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '@meridian/core';
import { initI18n, switchLanguage } from '../../shared/i18n/index.ts';
import { RetentionNote } from './RetentionNote.tsx';

describe('the published retention rule under the order history', () => {
  beforeAll(async () => {
    await initI18n('en', ['retention']);
  });
  afterEach(cleanup);

  it('states the rule with the days the housekeeping applies', () => {
    render(<RetentionNote />);
    const note = screen.getByTestId('order-retention-note');
    expect(note.textContent).toContain(`after ${RETENTION.unfilledOrderDays} days`);
    expect(note.textContent).toContain('Orders with a fill');
  });

  it('is worded in the reader language', async () => {
    await switchLanguage('de');
    render(<RetentionNote />);
    expect(screen.getByTestId('order-retention-note').textContent).toContain(
      `nach ${RETENTION.unfilledOrderDays} Tagen`,
    );
    await switchLanguage('en');
  });
});
