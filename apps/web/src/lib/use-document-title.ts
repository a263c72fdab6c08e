import { useEffect } from 'react';

/** Tab titles tell several open TokenDesk tabs apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · TokenDesk` : 'TokenDesk';
  }, [title]);
}
