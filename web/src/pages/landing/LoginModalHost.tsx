import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

const loadLoginModal = () => import('../auth/LoginModal');
/** The modal brings the login form and Chakra's dialog machinery: fetched when first wanted, not with the landing page. */
const LoginModal = lazy(() => loadLoginModal().then((module) => ({ default: module.LoginModal })));

const OpenLoginContext = createContext<() => void>(() => undefined);

/** Opens the login modal from anywhere in the public top bar (the bar itself or its drawer). */
export const useOpenLogin = () => useContext(OpenLoginContext);

/** Warms the modal's chunk when a pointer or focus comes near a Login button. */
export const preloadLoginModal = () => void loadLoginModal();

export function LoginModalHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing can animate and reopening is instant.
  const [mounted, setMounted] = useState(false);
  const openLogin = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  return (
    <OpenLoginContext.Provider value={openLogin}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <LoginModal open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </OpenLoginContext.Provider>
  );
}
