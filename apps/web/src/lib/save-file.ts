/** Hands a downloaded file (fetched with the session's bearer token) to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the URL is not needed after that.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
