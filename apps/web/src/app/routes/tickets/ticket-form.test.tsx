import {
  projectListSchema,
  ticketMessageSchema,
  ticketPageSchema,
  ticketSchema,
  type Ticket,
} from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../testing/data-generators';
import { api, apiError } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { fill, renderApp, screen, within } from '../../../testing/test-utils';

// Moved from e2e/tests/support.spec.ts › 'create a ticket (validation, …)': the form's rules and the
// empty list's words. Creating, listing, searching and replying for real stay in the spec.
describe('Support: the ticket forms', () => {
  it('the empty list says so; Create Ticket asks for a subject, then a message, on the project chosen for the user', async () => {
    const project = buildProject({ name: 'Demo Token', token_symbol: 'DEMO' });
    const sent: unknown[] = [];
    server.use(
      api.get('/user/tickets/', ticketPageSchema, () => ({ tickets: [], next_cursor: null })),
      api.get('/projects/', projectListSchema, () => ({ projects: [project], next_cursor: null })),
      api.post('/user/tickets/create/', ticketSchema, ({ body }) => {
        sent.push(body);
        return apiError(500, 'not expected');
      }),
    );
    const { events } = renderApp('/support');
    expect(await screen.findByRole('heading', { name: 'Support Tickets', level: 1 })).toBeTruthy();
    expect(
      await screen.findByText("You haven't created any support tickets yet. Create one when you need help."),
    ).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Create Your First Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Support Ticket' });
    const inDialog = within(dialog);
    await expect.poll(() => (inDialog.getByLabelText('Project') as HTMLInputElement).value).toMatch(/\(DEMO\)$/);
    await events.click(inDialog.getByRole('button', { name: 'Create Ticket' }));
    expect(await inDialog.findByText('Please enter a subject')).toBeTruthy();
    fill(inDialog.getByPlaceholderText('Brief description of your issue'), 'Chart is empty');
    await events.click(inDialog.getByRole('button', { name: 'Create Ticket' }));
    expect(await inDialog.findByText('Please enter a message')).toBeTruthy();
    expect(inDialog.queryByText('Please enter a subject')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('Send Reply waits for a message', async () => {
    const ticket: Ticket = {
      id: 4242,
      subject: 'Chart is empty',
      project: 1,
      project_name: 'Demo Token',
      created_at: '2026-11-01T12:00:00.000Z',
      is_resolved: false,
      waiting_answer: true,
      message_count: 1,
      messages: [{ message: 'First line', is_admin: false, created_at: '2026-11-01T12:00:00.000Z' }],
    };
    server.use(
      api.get('/user/tickets/:id/', ticketSchema, () => ticket),
      api.post('/user/tickets/:id/reply/', ticketMessageSchema, () => apiError(500, 'not expected')),
    );
    renderApp(`/support/${ticket.id}`);
    expect(await screen.findByRole('heading', { name: 'Chart is empty', level: 1 })).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send Reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const reply = screen.getByPlaceholderText('Type your reply here...');
    fill(reply, '   ');
    expect(send.disabled).toBe(true);
    fill(reply, 'Any news?');
    expect(send.disabled).toBe(false);
  });
});
