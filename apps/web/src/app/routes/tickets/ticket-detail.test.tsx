import { ticketMessages, ticketPageSchema, ticketSchema } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { api, apiError } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { renderApp, screen } from '../../../testing/test-utils';

// Product §2.11: the wrong states of /support/{id}, moved from e2e/tests/wrong-states.spec.ts.
describe('/support/{id} for a ticket the user cannot see', () => {
  for (const path of ['/support/999999', '/support/abc']) {
    it(`${path} says not found, like projects and alerts, with no retry`, async () => {
      server.use(
        api.get('/user/tickets/:id/', ticketSchema, () => apiError(404, 'Ticket not found.')),
        api.get('/user/tickets/', ticketPageSchema, () => ({ tickets: [], next_cursor: null })),
      );
      const { events } = renderApp(path);
      expect(await screen.findByText(ticketMessages.ticketNotFound, { exact: true })).toBeTruthy();
      expect(screen.getByText('It does not exist, or it belongs to another account.')).toBeTruthy();
      expect(screen.queryByText('Failed to load ticket details. Please try again.')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
      await events.click(screen.getByRole('link', { name: 'View all tickets' }));
      expect(await screen.findByRole('heading', { name: /Support/ })).toBeTruthy();
    });
  }
});
