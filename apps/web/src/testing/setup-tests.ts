import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './mocks/server';

// What jsdom lacks and Radix or the theme code calls. Inert on purpose: layout is Playwright's
// business (e2e/), these only let the components mount.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
// CSS.escape (the dialog's focus return looks up the menu trigger by id), after the CSSOM spec's
// serialize-an-identifier without its control-character cases: enough for the ids React and Radix make.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) =>
  String(value).replace(/^\d|[^\w\u0080-\uffff-]/g, (ch: string, offset: number) =>
    offset === 0 && /\d/.test(ch) ? `\\${ch.charCodeAt(0).toString(16)} ` : `\\${ch}`,
  );
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// A request no test answered fails the test that made it: a screen that calls something new is
// noticed, not answered by chance (MSW's own 'error' only logs it, and the app shows an error state).
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
    },
  }),
);
afterEach(() => {
  cleanup();
  const missed = unanswered.splice(0);
  if (missed.length > 0)
    throw new Error(
      `The test left API requests unanswered (add handlers: server.use): ${[...new Set(missed)].join(', ')}`,
    );
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

// The first render of a file imports the signed-in app's lazy chunk (every screen), which takes
// Vite a few seconds on a shared 2-core machine; findBy… waits up to 1 s by default.
configure({ asyncUtilTimeout: 20_000 });
