import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import AssetsIndexPage from './AssetsIndexPage.tsx';

beforeAll(async () => {
  installDomShims();
  await initI18n('en', ['wallet']);
});
afterEach(cleanup);

it("sends the seed's tradeOrder key to the order centre", async () => {
  const router = createMemoryRouter(
    [
      { path: '/assets/index', element: <AssetsIndexPage /> },
      { path: '/account/entrust/spot', element: <p>Order centre</p> },
    ],
    { initialEntries: ['/assets/index?key=tradeOrder'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByText('Order centre');
  expect(router.state.location.pathname).toBe('/account/entrust/spot');
});
