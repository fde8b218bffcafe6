import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ApiCall } from '../api/client.ts';
import { MarketLayerContext, type MarketLayer } from '../market/hooks.ts';
import { PlatformProvider } from '../platform/context.tsx';
import { testPlatformConfig } from './fixtures.ts';

/**
 * What a page needs around it in a component test: a query client that does not retry
 * (a failure shows at once), the platform's config and API, antd's App context and, if
 * given, a market layer with a fake socket.
 */
export function TestProviders({
  api,
  config = testPlatformConfig(),
  layer,
  children,
}: {
  api: ApiCall;
  config?: ReturnType<typeof testPlatformConfig>;
  layer?: MarketLayer;
  children: ReactNode;
}) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  const page = <App>{children}</App>;
  return (
    <QueryClientProvider client={client}>
      <PlatformProvider value={{ config, api }}>
        {layer ? (
          <MarketLayerContext.Provider value={layer}>{page}</MarketLayerContext.Provider>
        ) : (
          page
        )}
      </PlatformProvider>
    </QueryClientProvider>
  );
}
