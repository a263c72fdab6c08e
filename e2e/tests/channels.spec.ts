import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { webhookBodySchema, type Alert, type AlertPage, type ChannelList } from '@tokendesk/contract';
import { Webhook } from 'standardwebhooks';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { addPoolViaApi, createProjectViaApi, swapOnDevnet } from '../devnet';
import { apiGet, expect, signIn, test } from '../fixtures';

/**
 * Notification channels end to end (docs/decisions/0038): a webhook channel pointing at a receiver
 * this spec runs on the loopback (the e2e server allows 127.0.0.0/8 in OUTBOUND_ALLOW), its secret
 * shown once, 'Send test', the channel chosen in an alert's form, a real devnet swap firing the
 * alert, the signed message at the receiver and the delivery in the channel's log.
 */

/** The indexer polls the devnet every 2 s; the worker wakes on the outbox notification. */
const FIRING_TIMEOUT = 45_000;

interface Received {
  headers: Record<string, string>;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/tokendesk`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('notification channels', () => {
  test('a webhook channel: secret once, Send test, chosen by an alert, fired by a devnet swap, seen in the delivery log', async ({
    page,
    request,
    user,
    consoleGuard,
  }) => {
    test.setTimeout(180_000);
    // The duplicate alert below is a 409 by design; the browser logs every non-2xx answer.
    consoleGuard.allowHttpError({ status: 409, url: /\/api\/v1\/projects\/alerts\/$/ });
    const receiver = await startReceiver();
    try {
      const project = await createProjectViaApi(request, user, 'demo');
      const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
      await signIn(page, user);

      // From Settings to the channels screen: empty at first.
      await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
      const card = page.getByRole('region', { name: 'Notification Channels' });
      await expect(card.getByText('No channels yet: alerts only light the bell.')).toBeVisible();
      await card.getByRole('link', { name: 'Manage Channels' }).click();
      await expect(page).toHaveURL(/\/settings\/channels$/);
      await expect(page.getByRole('heading', { name: 'Notification Channels', level: 1 })).toBeVisible();

      // Add a webhook; a private address would be refused next to the field (the server allows the loopback here).
      // The empty screen's words and the form's rules are component tests now:
      // apps/web/src/app/routes/account/channels.test.tsx (docs/testing-moves.md).
      await page.getByRole('button', { name: 'Add Your First Channel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Notification Channel' });
      await dialog.getByLabel('Name').fill('Ops hook');
      await dialog.getByLabel('Webhook URL').fill(receiver.url);
      await dialog.getByRole('button', { name: 'Add Channel' }).click();

      // The signing secret, once.
      const secretDialog = page.getByRole('dialog', { name: 'Copy your signing secret' });
      await expect(secretDialog).toBeVisible();
      await expect(secretDialog.getByText('This secret is shown only now.', { exact: false })).toBeVisible();
      const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
      await expect(secretDialog).toBeHidden();

      const row = page
        .getByRole('list', { name: 'Notification channels' })
        .getByRole('listitem', { name: 'Ops hook', exact: true });
      await expect(row).toContainText('Active');
      await expect(row).toContainText(`Webhook · ${new URL(receiver.url).origin}/…`);
      await expect(page.locator('body')).not.toContainText(secret);
      const { channels } = await apiGet<ChannelList>(request, user, '/account/channels/');
      expect(JSON.stringify(channels)).not.toContain('whsec_');
      const channelId = channels[0]!.id;

      // Send test: delivered, signed with that secret.
      await row.getByRole('button', { name: 'Send test' }).click();
      await expect(row.getByText('Test message: Delivered (response 204).')).toBeVisible();
      expect(receiver.received).toHaveLength(1);
      const test1 = webhookBodySchema.parse(
        new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers),
      );
      expect(test1).toMatchObject({ type: 'channel.test', data: { title: 'Test message for "Ops hook"' } });

      // The alert chooses the channel; the bell is always on.
      await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Alerts' }).click();
      await page.getByRole('button', { name: 'Create Your First Alert' }).click();
      await page.getByRole('menuitem', { name: /Price Move/ }).click();
      const alertDialog = page.getByRole('dialog', { name: 'New Price Move Alert' });
      await alertDialog.getByRole('combobox', { name: 'Pool' }).click();
      await alertDialog.getByRole('option', { name: /^DEMO\/WETH - Uniswap V2/ }).click();
      await alertDialog.getByLabel('Price change of at least (%)').fill('0.1');
      await alertDialog.getByLabel('Within (minutes)').fill('60');
      const bell = alertDialog.getByRole('checkbox', { name: 'In-app bell' });
      await expect(bell).toBeChecked();
      await expect(bell).toBeDisabled();
      await alertDialog.getByRole('checkbox', { name: /Ops hook/ }).click();
      await expect(alertDialog.getByRole('checkbox', { name: /Ops hook/ })).toBeChecked();
      await alertDialog.getByRole('button', { name: 'Create Alert' }).click();
      await expect(alertDialog).toBeHidden();
      const {
        alerts: [alert],
      } = await apiGet<AlertPage>(request, user, '/projects/alerts/');
      expect(alert).toMatchObject({ kind: 'price_move', pool_id: pool.id, channel_ids: [channelId] });

      // The same alert again is refused, naming the first.
      await page.getByRole('button', { name: 'Add Alert' }).click();
      await page.getByRole('menuitem', { name: /Price Move/ }).click();
      const again = page.getByRole('dialog', { name: 'New Price Move Alert' });
      await again.getByRole('combobox', { name: 'Pool' }).click();
      await again.getByRole('option', { name: /^DEMO\/WETH - Uniswap V2/ }).click();
      await again.getByLabel('Price change of at least (%)').fill('0.1');
      await again.getByLabel('Within (minutes)').fill('60');
      await again.getByRole('button', { name: 'Create Alert' }).click();
      await expect(
        again.getByText(`An identical alert already exists (alert #${alert!.id}). Edit it or choose other values.`),
      ).toBeVisible();
      await again.getByRole('button', { name: 'Cancel' }).click();

      // A real buy of 5 ETH fires it: the receiver gets the signed alert message.
      await swapOnDevnet({ pool: 'demo-weth', side: 'buy', amount: '5' });
      await expect.poll(() => receiver.received.length, { timeout: FIRING_TIMEOUT }).toBeGreaterThanOrEqual(2);
      const fired = webhookBodySchema.parse(
        new Webhook(secret).verify(receiver.received[1]!.body, receiver.received[1]!.headers),
      );
      expect(fired).toMatchObject({
        type: 'alert.triggered',
        data: { alert: { id: alert!.id, kind: 'price_move', pool_id: pool.id } },
      });
      expect(fired.data.title).toContain('DEMO/WETH');
      expect(fired.data.url).toMatch(new RegExp(`/alerts/${alert!.id}$`));
      expect(fired.data.block_number).toMatch(/^\d+$/);

      // The delivery log shows both messages, newest first.
      await page.goto('/settings/channels');
      await row.getByRole('button', { name: 'Delivery log' }).click();
      const log = row.getByRole('table', { name: 'Delivery log of Ops hook' });
      const logRows = log.locator('tbody tr');
      await expectTwoMessages(logRows, '204');
      await expect(logRows.nth(0)).toContainText('DEMO/WETH');
      await expect(row.getByText('2 messages shown')).toBeVisible();

      // Axe and a look at both widths, with the log open.
      // A phone shows the same two messages stacked, each with its status, instead of the table.
      const phoneLog = row.getByRole('list', { name: 'Delivery log of Ops hook' });
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        if (width === 390) {
          await expect(log).toBeHidden();
          const entries = phoneLog.getByRole('listitem');
          await expectTwoMessages(entries, 'Response 204');
          // The status badge sits inside the card, not past its right edge.
          const card = (await row.boundingBox())!;
          const badge = (await entries.nth(0).getByText('Delivered', { exact: true }).boundingBox())!;
          expect(badge.x + badge.width).toBeLessThanOrEqual(card.x + card.width);
        } else {
          await expect(log).toBeVisible();
          await expect(phoneLog).toBeHidden();
        }
        // Back from the dark pass of the previous width, colours are still easing to light.
        await settleAnimations(page);
        expect(seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }))).toEqual([]);
        // Dark mode changes colours only (decision 0023): the colour rules again, dark.
        await page.emulateMedia({ colorScheme: 'dark' });
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        // Colours ease to the other theme: axe must not measure a half-way colour.
        await settleAnimations(page);
        expect(
          seriousViolations(await axeViolations(page, { rules: ['color-contrast', 'link-in-text-block'] })),
        ).toEqual([]);
        if (process.env.H2_SHOTS)
          await page.screenshot({ path: `${process.env.H2_SHOTS}/channels-dark-${width}.png`, fullPage: true });
        await page.emulateMedia({ colorScheme: 'light' });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        if (process.env.H2_SHOTS)
          await page.screenshot({ path: `${process.env.H2_SHOTS}/channels-${width}.png`, fullPage: true });
      }
      // The alert form with its channels, at both widths.
      await page.goto(`/alerts/${alert!.id}`);
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Price Move Alert' });
      await expect(edit.getByRole('checkbox', { name: /Ops hook/ })).toBeChecked();
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        expect(seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }))).toEqual([]);
        if (process.env.H2_SHOTS) await page.screenshot({ path: `${process.env.H2_SHOTS}/alert-form-${width}.png` });
      }
      // Unticking it saves an alert with the bell only.
      await edit.getByRole('checkbox', { name: /Ops hook/ }).click();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      expect((await apiGet<Alert>(request, user, `/projects/alerts/${alert!.id}/`)).channel_ids).toEqual([]);

      // Deleted with its delivery log open: the log of the gone channel is not asked for again (a
      // 404 the console guard would report), and the row leaves.
      // On the phone layout (the viewport is still 390 px wide).
      await page.goto('/settings/channels');
      await row.getByRole('button', { name: 'Delivery log' }).click();
      await expect(phoneLog.getByRole('listitem')).toHaveCount(2);
      await row.getByRole('button', { name: 'Delete Ops hook' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete channel?' })
        .getByRole('button', { name: 'Delete channel' })
        .click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Ops hook deleted.' })).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });
});

/** The log's two messages, newest first, in either layout: the alert (delivered, with its response) and the test. */
async function expectTwoMessages(items: Locator, response: string): Promise<void> {
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Alert');
  await expect(items.nth(0)).toContainText('Delivered');
  await expect(items.nth(0)).toContainText(response);
  await expect(items.nth(1)).toContainText('Test');
}

/** Waits for the running finite animations and transitions (a theme change eases colours). */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    document.body.getBoundingClientRect();
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}
