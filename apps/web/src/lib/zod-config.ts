import { z } from 'zod';

// Zod compiles fast object parsers with `new Function`. The production CSP forbids eval, and
// Chromium reports a violation even for zod's guarded probe, so parse without the JIT.
// Imported first by main.tsx, before any schema is used.
z.config({ jitless: true });
