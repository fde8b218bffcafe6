import { createContext, useContext, type ReactNode } from 'react';
import type { PlatformConfig } from '@meridian/contract/platform-config';
import type { ApiCall } from '../api/client.ts';

interface PlatformValue {
  config: PlatformConfig;
  api: ApiCall;
}

const PlatformContext = createContext<PlatformValue | null>(null);

export function PlatformProvider({
  value,
  children,
}: {
  value: PlatformValue;
  children: ReactNode;
}) {
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): PlatformValue {
  const value = useContext(PlatformContext);
  if (!value) throw new Error('usePlatform needs a PlatformProvider');
  return value;
}
