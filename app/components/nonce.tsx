// The CSP nonce of the page being rendered (app/entry.server.tsx), for Remix's inline scripts. In the
// browser it is empty: browsers hide a nonce from scripts, and hydration does not need it.
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
