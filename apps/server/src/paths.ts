import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This module must stay directly in src/: `npm start` runs the server bundled into dist/main.js
// (decision 0001), one directory below apps/server like src/, so the same relative step finds the
// same folders from the sources (tests, tsx) and from the bundle.
const here = path.dirname(fileURLToPath(import.meta.url));

/** apps/server: holds drizzle/ (the migrations). */
export const serverRoot = path.resolve(here, '..');

/** The repository root, so relative defaults do not depend on the directory npm starts us in. */
export const repoRoot = path.resolve(here, '../../..');
