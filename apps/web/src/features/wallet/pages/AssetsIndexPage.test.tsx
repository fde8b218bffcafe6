import { cleanup, render, screen } from '@testing-library/react';
import { testRouter } from '../../../shared/testing/router.tsx';
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
  const router = testRouter(
    [
      { path: '/assets/index', element: <AssetsIndexPage /> },
      { path: '/account/entrust/spot', element: <p>Order centre</p> },
    ],
    '/assets/index?key=tradeOrder',
  );
  render(router.element);
  await screen.findByText('Order centre');
  expect(router.location.pathname).toBe('/account/entrust/spot');
});
