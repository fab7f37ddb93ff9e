import { lazy, Suspense } from 'react';

/** The sandbox's sheet, loaded only in a tab told to offer the sandbox wallets. */
const SandboxWalletSheet = lazy(() => import('./SandboxWalletSheet'));

export function SandboxWalletHost() {
  return (
    <Suspense fallback={null}>
      <SandboxWalletSheet />
    </Suspense>
  );
}
