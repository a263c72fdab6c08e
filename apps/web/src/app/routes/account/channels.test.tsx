import { channelListSchema, channelWithSecretSchema } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { api, apiError } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { fill, renderApp, screen, within } from '../../../testing/test-utils';

// Moved from e2e/tests/channels.spec.ts › 'a webhook channel: …' (decision 0038): the empty
// channels screen's words and the Add Notification Channel form's rules. The secret, Send test, the
// alert choosing the channel and its firing on the devnet stay in the spec.
describe('Notification Channels: empty, and the Add form', () => {
  it('says there are none yet; Add Channel asks for a name, then an http(s) address, and sends nothing before', async () => {
    const sent: unknown[] = [];
    server.use(
      api.get('/account/channels/', channelListSchema, () => ({
        channels: [],
        email_configured: true,
        email_verified: true,
        pause_after: 5,
      })),
      api.post('/account/channels/', channelWithSecretSchema, ({ body }) => {
        sent.push(body);
        return apiError(500, 'not expected');
      }),
    );
    const { events } = renderApp('/settings/channels');
    expect(await screen.findByRole('heading', { name: 'Notification Channels', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No channels yet', { exact: true })).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Add Your First Channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification Channel' });
    const inDialog = within(dialog);
    expect((inDialog.getByLabelText('Kind') as HTMLSelectElement).value).toBe('webhook');
    await events.click(inDialog.getByRole('button', { name: 'Add Channel' }));
    expect(await inDialog.findByText('Please enter a name for the channel')).toBeTruthy();
    expect(document.activeElement).toBe(inDialog.getByLabelText('Name'));
    fill(inDialog.getByLabelText('Name'), 'Ops hook');
    fill(inDialog.getByLabelText('Webhook URL'), 'ftp://example.com');
    await events.click(inDialog.getByRole('button', { name: 'Add Channel' }));
    expect(await inDialog.findByText('Please enter a full address starting with https:// (or http://)')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
