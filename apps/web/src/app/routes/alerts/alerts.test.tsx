import {
  alertKindLabels,
  alertMessages,
  alertPageSchema,
  alertSchema,
  alertTriggerListSchema,
  alertTypeListSchema,
  channelListSchema,
  poolPageSchema,
  poolSchema,
  type Alert,
  type AlertType,
} from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { buildPool, buildProject } from '../../../testing/data-generators';
import { api, apiError } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { fill, renderApp, screen, within } from '../../../testing/test-utils';

/** The words of the API and the database that used to reach the alert screens (product §2.10). */
const DEVELOPER_WORDS =
  /threshold %|window minutes|min_amount|threshold_pct|window_minutes|amount_token|Amount token|Min amount|Price to/i;

/** The three kinds with their fields, in the server's order (apps/server/src/features/alerts/presenter.ts). */
const alertTypes: AlertType[] = [
  {
    kind: 'price_move',
    label: alertKindLabels.price_move,
    description: 'The price moves up or down by at least the percentage you set, within the minutes you set.',
    fields: ['threshold_pct', 'window_minutes'],
  },
  {
    kind: 'liquidity_drop',
    label: alertKindLabels.liquidity_drop,
    description: "The pool's reserve of the paired token falls by at least the percentage you set.",
    fields: ['threshold_pct', 'window_minutes'],
  },
  {
    kind: 'large_swap',
    label: alertKindLabels.large_swap,
    description: 'A single swap buys or sells at least the amount of the paired token you set.',
    fields: ['min_amount'],
  },
];

function alertsScreenWithOnePool(url = '/alerts', ...more: Parameters<typeof server.use>) {
  const project = buildProject({ token_symbol: 'DEMO' });
  const pool = buildPool(project);
  server.use(
    ...more,
    api.get('/projects/alerts/', alertPageSchema, () => ({ alerts: [], next_cursor: null })),
    api.get('/projects/alerts/types/', alertTypeListSchema, () => alertTypes),
    api.get('/projects/user/pools/', poolPageSchema, () => ({ pools: [pool], next_cursor: null })),
    // No channel yet: the bell only.
    api.get('/account/channels/', channelListSchema, () => ({
      channels: [],
      email_configured: true,
      email_verified: true,
      pause_after: 5,
    })),
  );
  return { ...renderApp(url), pool, project };
}

/**
 * A menu item. `hidden: true`: jsdom lays nothing out, so every box measures 0 × 0 and Radix's popper
 * (its 'hide' middleware) styles the open menu `visibility: hidden` as if its button were scrolled
 * away; that the menu shows is Playwright's to see (e2e/tests/alert-wording.spec.ts opens it in Chromium).
 */
const menuItem = (name: RegExp) => screen.findByRole('menuitem', { name, hidden: true });

async function openNewAlert(events: ReturnType<typeof renderApp>['events'], kind: RegExp, name: string) {
  await events.click(await screen.findByRole('button', { name: 'Create Your First Alert' }));
  await events.click(await menuItem(kind));
  return screen.findByRole('dialog', { name });
}

async function choosePool(events: ReturnType<typeof renderApp>['events'], dialog: HTMLElement) {
  await events.click(within(dialog).getByRole('combobox', { name: 'Pool' }));
  await events.click(await screen.findByRole('option', { name: /^DEMO\/WETH - Uniswap V2/ }));
}

// Moved from e2e/tests/alert-wording.spec.ts: the New Alert dialogs say what fires, with units.
describe('the New Alert dialogs in plain words', () => {
  it('Large Swap: the minimum amount in the paired token, and what fires', async () => {
    const { events } = alertsScreenWithOnePool();
    const dialog = await openNewAlert(events, /Large Swap/, 'New Large Swap Alert');
    await choosePool(events, dialog);
    expect(await within(dialog).findByLabelText('Minimum amount (WETH)')).toBeTruthy();
    expect(dialog.textContent).toContain('One swap buying or selling at least this much WETH fires the alert');
    expect(dialog.textContent).not.toMatch(DEVELOPER_WORDS);
  });

  it('Liquidity Drop: a drop in % within minutes, below the highest paired reserve', async () => {
    const { events } = alertsScreenWithOnePool();
    const dialog = await openNewAlert(events, /Liquidity Drop/, 'New Liquidity Drop Alert');
    await choosePool(events, dialog);
    expect(await within(dialog).findByLabelText('Drop of at least (%)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Within (minutes)')).toBeTruthy();
    expect(dialog.textContent).toContain('Below the highest WETH reserve');
    expect(dialog.textContent).not.toMatch(DEVELOPER_WORDS);
  });
});

// Moved from e2e/tests/dialog-focus.spec.ts (product §14).
describe('New Alert focus', () => {
  it('opens on Pool and gives focus back to the Add Alert menu button, by mouse and by keyboard', async () => {
    const { events } = alertsScreenWithOnePool();
    const menuButton = await screen.findByRole('button', { name: 'Create Your First Alert' });
    let dialog = await openNewAlert(events, /Price Move/, 'New Price Move Alert');
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Pool' }));
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    // By keyboard: Enter opens the menu, the kind is chosen by focus and Enter opens the dialog.
    await events.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { hidden: true })).toBeTruthy();
    (await menuItem(/Large Swap/)).focus();
    await events.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'New Large Swap Alert' });
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Pool' }));
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });
});

// Moved from e2e/tests/alerts.spec.ts › 'create with validation, edit, …' (product §4): the first
// failure in field order, on its field, and nothing sent. The server's own ranges are
// apps/server/test/alerts/alerts-api.test.ts; creating, editing and pausing for real stay in the spec.
describe('New Alert and Edit Alert validation', () => {
  it('Price Move: pool, percentage, window and cooldown, one at a time, each on its field', async () => {
    const sent: unknown[] = [];
    const { events } = alertsScreenWithOnePool(
      '/alerts',
      api.post('/projects/alerts/', alertSchema, ({ body }) => {
        sent.push(body);
        return apiError(500, 'not expected');
      }),
    );
    const dialog = await openNewAlert(events, /Price Move/, 'New Price Move Alert');
    const inDialog = within(dialog);
    const create = inDialog.getByRole('button', { name: 'Create Alert' });
    const message = async () => (await inDialog.findByRole('alert')).textContent;
    const refill = async (label: string, text: string) => {
      const field = inDialog.getByLabelText(label);
      fill(field, text);
    };

    await events.click(create);
    expect(await message()).toBe(alertMessages.poolRequired);
    expect(document.activeElement).toBe(inDialog.getByRole('combobox', { name: 'Pool' }));
    await choosePool(events, dialog);
    await refill('Price change of at least (%)', '0.05');
    await events.click(create);
    expect(await message()).toBe(alertMessages.thresholdRange);
    expect(document.activeElement).toBe(inDialog.getByLabelText('Price change of at least (%)'));
    await refill('Price change of at least (%)', '10');
    await refill('Within (minutes)', '10081');
    await events.click(create);
    expect(await message()).toBe(alertMessages.windowRange);
    expect(document.activeElement).toBe(inDialog.getByLabelText('Within (minutes)'));
    await refill('Within (minutes)', '60');
    await refill('Cooldown (minutes)', '0');
    await events.click(create);
    expect(await message()).toBe(alertMessages.cooldownMin);
    expect(document.activeElement).toBe(inDialog.getByLabelText('Cooldown (minutes)'));
    expect(sent).toEqual([]);
  });

  it('Large Swap: an amount of 0 is refused on its field', async () => {
    const sent: unknown[] = [];
    const { events } = alertsScreenWithOnePool(
      '/alerts',
      api.post('/projects/alerts/', alertSchema, ({ body }) => {
        sent.push(body);
        return apiError(500, 'not expected');
      }),
    );
    const dialog = await openNewAlert(events, /Large Swap/, 'New Large Swap Alert');
    await choosePool(events, dialog);
    const amount = await within(dialog).findByLabelText('Minimum amount (WETH)');
    fill(amount, '0');
    await events.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(alertMessages.minAmountPositive);
    expect(document.activeElement).toBe(amount);
    expect(sent).toEqual([]);
  });

  it('Edit: the pool cannot be changed, and a percentage out of range is refused on its field', async () => {
    const project = buildProject({ token_symbol: 'DEMO' });
    const pool = buildPool(project);
    const alert: Alert = {
      id: 7001,
      kind: 'price_move',
      pool_id: pool.id,
      label: `DEMO/WETH - Uniswap V2`,
      project: { id: project.id, name: project.name },
      threshold_pct: '10',
      window_minutes: 60,
      min_amount: null,
      cooldown_minutes: 30,
      is_active: true,
      last_triggered_at: null,
      trigger_count: 0,
      created_at: '2026-11-01T12:00:00.000Z',
      channel_ids: [],
    };
    const sent: unknown[] = [];
    server.use(
      api.get('/projects/alerts/:id/', alertSchema, () => alert),
      api.get('/projects/alerts/:id/triggers/', alertTriggerListSchema, () => []),
      api.patch('/projects/alerts/:id/', alertSchema, ({ body }) => {
        sent.push(body);
        return apiError(500, 'not expected');
      }),
      api.get('/projects/user/pools/', poolPageSchema, () => ({ pools: [pool], next_cursor: null })),
      // The detail links its pool's fund.
      api.get('/projects/user/pools/funds/:id/', poolSchema, () => pool),
      api.get('/account/channels/', channelListSchema, () => ({
        channels: [],
        email_configured: true,
        email_verified: true,
        pause_after: 5,
      })),
    );
    const { events } = renderApp(`/alerts/${alert.id}`);
    await events.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Price Move Alert' });
    const inEdit = within(edit);
    expect((inEdit.getByRole('combobox', { name: 'Pool' }) as HTMLButtonElement).disabled).toBe(true);
    const pct = inEdit.getByLabelText('Price change of at least (%)');
    fill(pct, '1001');
    await events.click(inEdit.getByRole('button', { name: 'Save Changes' }));
    expect((await inEdit.findByRole('alert')).textContent).toBe(alertMessages.thresholdRange);
    expect(document.activeElement).toBe(pct);
    expect(sent).toEqual([]);
  });
});
