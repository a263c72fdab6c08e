/** '21:40': the time of day the last figures arrived, in the user's own clock (24 h, as in the issue). */
export function formatClock(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
