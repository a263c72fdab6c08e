import type { UseQueryResult } from '@tanstack/react-query';
import type { Alert, AlertTrigger } from '@tokendesk/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNotificationTime } from '../../../lib/format';
import { TriggerHistory } from './trigger-history';

const alert: Alert = {
  id: 7,
  kind: 'price_move',
  pool_id: 4,
  label: 'DEMO/WETH - Uniswap V2',
  project: { id: 9, name: 'Demo Token' },
  threshold_pct: '2',
  window_minutes: 60,
  min_amount: null,
  cooldown_minutes: 60,
  is_active: true,
  last_triggered_at: null,
  trigger_count: 1,
  channel_ids: [],
  created_at: '2026-11-24T08:00:00.000Z',
};

/** Issue 35 item 3: the bell showed 9:41 PM for the firing the history showed at 9:40 PM. */
describe('the trigger history', () => {
  it('shows a firing’s time as the bell shows its notification, the full date in the tooltip', () => {
    // Today, 40 s before the next minute: a formatter that rounds and one that cuts would differ.
    const at = new Date();
    at.setSeconds(20, 0);
    const trigger: AlertTrigger = {
      id: 1,
      triggered_at: at.toISOString(),
      message: 'DEMO/WETH fell 3.51% from its high of the last hour (0.000107 → 0.000103 WETH).',
      values: {},
    };
    const triggers = { isPending: false, isError: false, data: [trigger] } as unknown as UseQueryResult<AlertTrigger[]>;
    const html = renderToStaticMarkup(createElement(TriggerHistory, { triggers, alert }));
    const time = /<time[^>]*>([^<]*)<\/time>/.exec(html);
    expect(time?.[1]).toBe(formatNotificationTime(at.toISOString()));
    expect(time?.[0]).toContain(`title="${formatDateTime(at.toISOString())}"`);
    expect(html).toContain('from its high of the last hour');
  });
});
