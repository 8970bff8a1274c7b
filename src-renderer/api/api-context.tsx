import { createContext, useContext, type ReactNode } from 'react';
import type { RpcClient } from '../../src-main/contract';

const ApiContext = createContext<RpcClient | null>(null);

export function ApiProvider({ client, children }: { client: RpcClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The typed backend client for components; throws if used outside the provider (a wiring bug). */
export function useApi(): RpcClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi() used outside <ApiProvider>');
  return client;
}
