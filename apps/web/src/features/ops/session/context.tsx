import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ApiCall } from '../../../shared/api/client.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { createOpsApi } from './ops-api.ts';

const OpsApiContext = createContext<ApiCall | null>(null);

/** Gives the console's pages the operator client; tests pass a fake as `api`. */
export function OpsApiProvider({ api, children }: { api?: ApiCall; children: ReactNode }) {
  const { config } = usePlatform();
  const value = useMemo(() => api ?? createOpsApi(config), [api, config]);
  return <OpsApiContext.Provider value={value}>{children}</OpsApiContext.Provider>;
}

export function useOpsApi(): ApiCall {
  const api = useContext(OpsApiContext);
  if (!api) throw new Error('useOpsApi needs an OpsApiProvider');
  return api;
}
