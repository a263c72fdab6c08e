import { useLiveStream } from './use-live-stream';

/** The signed-in tab's one live stream (issue 31); renders nothing. */
export function LiveStream() {
  useLiveStream();
  return null;
}
