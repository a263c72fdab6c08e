import { useEffect, useState } from 'react';
import { FullPageMessage } from '../components/full-page-message';

/**
 * How long the screen stays blank before it says 'Loading...'. A first visit to /register or
 * /projects fetches a chunk and checks the session, usually well within this: a word shown for a
 * tenth of a second reads as a flash (issue 35), an empty page of the same colour does not.
 */
export const LOADING_TEXT_DELAY_MS = 300;

/** Product §2.1: a plain 'Loading...' screen while the authentication check is pending. */
export function LoadingScreen() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), LOADING_TEXT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <FullPageMessage>
      <p role="status" className={slow ? undefined : 'invisible'}>
        {slow ? 'Loading...' : ''}
      </p>
    </FullPageMessage>
  );
}
