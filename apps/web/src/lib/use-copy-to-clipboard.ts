import { useCallback, useEffect, useRef, useState } from 'react';

/** Product §6: the 'copied' confirmation stays 2 s. */
export const COPY_CONFIRMATION_MS = 2000;

async function writeText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-HTTP deployments have no Clipboard API; the old selection trick still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused.');
  } finally {
    area.remove();
  }
}

/** Copies text and reports `copied` for 2 s; `failed` when the browser refused. */
export function useCopyToClipboard(): { copy: (text: string) => void; copied: boolean; failed: boolean } {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback((text: string) => {
    const settle = (next: 'copied' | 'failed') => {
      window.clearTimeout(timer.current);
      setState(next);
      timer.current = window.setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
    };
    writeText(text).then(
      () => settle('copied'),
      () => settle('failed'),
    );
  }, []);

  return { copy, copied: state === 'copied', failed: state === 'failed' };
}
