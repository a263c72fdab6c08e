/*
 * Puts the colour scheme on <html> before the first paint, so a dark page never flashes white.
 * A blocking classic script in <head>: the production CSP (script-src 'self') refuses inline
 * scripts, and the app's module script runs only after the first paint. Same key and rule as
 * src/lib/theme.ts, which takes over once the app runs.
 */
(function () {
  var preference = null;
  try {
    preference = window.localStorage.getItem('tokendesk.theme');
  } catch {
    // Storage can be unavailable (privacy modes); the system setting decides then.
  }
  var dark =
    preference === 'dark' || (preference !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
})();
