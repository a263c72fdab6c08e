import type { ReactNode } from 'react';

/** A centred message filling the viewport: the auth check and start-up failures. */
export function FullPageMessage({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-50 px-4 text-center text-sm text-slate-600">
      <div>{children}</div>
    </div>
  );
}
