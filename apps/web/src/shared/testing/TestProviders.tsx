import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ApiCall } from '../api/client.ts';
import { PlatformProvider } from '../platform/context.tsx';
import { testPlatformConfig } from './fixtures.ts';

/**
 * What a page needs around it in a component test: a query client that does not retry
 * (a failure shows at once), the platform's config and API and antd's App context. A
 * page that needs a market layer with a fake socket gets it from the markets feature's
 * `testing.ts` (`MarketLayerContext`).
 */
export function TestProviders({
  api,
  config = testPlatformConfig(),
  children,
}: {
  api: ApiCall;
  config?: ReturnType<typeof testPlatformConfig>;
  children: ReactNode;
}) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <PlatformProvider value={{ config, api }}>
        <App>{children}</App>
      </PlatformProvider>
    </QueryClientProvider>
  );
}
