// Any component can open the sign-in dialog (header 'Contul Meu', the how-it-works dialog).
// After success from the home page the user goes to /schimba-furnizor when a switch context is stored,
// otherwise the page's data reloads (user spec §2 Sign-in dialog).
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Modal } from "~/components/ui/modal";
import { readSwitchContext } from "~/lib/switch-context";
import { TEXTS } from "~/texts/user";
import type { SignedInUser } from "./sign-in-flow";

// Loaded when the dialog first opens: most visitors never sign in from the page they land on.
const SignInFlow = lazy(() => import("./sign-in-flow").then((m) => ({ default: m.SignInFlow })));

interface SignInOptions {
  onSuccess?: (user: SignedInUser) => void;
}

const SignInContext = createContext<{ openSignIn: (options?: SignInOptions) => void }>({ openSignIn: () => {} });

export function useSignIn() {
  return useContext(SignInContext);
}

/**
 * With a stored switch context the user goes on to the wizard (the sign-in flow has already sent the
 * context to the server); otherwise the page's data is reloaded in place (the 'auth-changed' event
 * revalidates every loader), which keeps the success toast visible.
 */
export function afterSignIn() {
  if (readSwitchContext(window.localStorage)) window.location.assign("/schimba-furnizor");
}

export function SignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Remounting the flow on every open resets it to the phone step ("closing resets to the phone step").
  const [generation, setGeneration] = useState(0);
  const options = useRef<SignInOptions>({});

  const openSignIn = useCallback((next: SignInOptions = {}) => {
    options.current = next;
    setGeneration((g) => g + 1);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInContext.Provider value={value}>
      {children}
      <Modal open={open} title={TEXTS.auth.dialogTitle} onClose={() => setOpen(false)} className="sign-in-dialog">
        <p className="modal-intro">{TEXTS.auth.dialogIntro}</p>
        <Suspense fallback={<p className="muted">{TEXTS.search.countyLoading}</p>}>
          <SignInFlow
            key={generation}
            variant="dialog"
            onSignedIn={(user) => {
              setOpen(false);
              (options.current.onSuccess ?? afterSignIn)(user);
            }}
          />
        </Suspense>
      </Modal>
    </SignInContext.Provider>
  );
}
