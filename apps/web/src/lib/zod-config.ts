import { z } from 'zod';

// Zod compiles fast object parsers with `new Function`. The production CSP forbids eval, and
// Chromium reports a violation even for zod's guarded probe, so parse without the JIT.
// `jitless` is read when a schema is built, so this must run before any contract module: the chunks
// that use schemas (signed-in app, registration, the login schema) import it first, and the build
// puts it into the zod chunk itself (vite.config.ts), so it runs as soon as zod is loaded.
z.config({ jitless: true });
