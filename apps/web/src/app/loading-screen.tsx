import { FullPageMessage } from '../components/full-page-message';

/** Product §2.1: a plain 'Loading...' screen while the authentication check is pending. */
export function LoadingScreen() {
  return (
    <FullPageMessage>
      <p role="status">Loading...</p>
    </FullPageMessage>
  );
}
