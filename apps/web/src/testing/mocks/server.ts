import { setupServer } from 'msw/node';
import { baseHandlers } from './handlers';

/** The API for component tests: the base answers, and what each test installs (server.use). */
export const server = setupServer(...baseHandlers);
