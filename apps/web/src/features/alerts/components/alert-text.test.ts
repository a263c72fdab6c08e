import type { Alert } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { alertDescription, alertDexLabel, alertPoolLabel, alertSummary, pairSymbol } from './alert-text';

const alert = (label: string, kind: Alert['kind'] = 'large_swap'): Alert => ({
  id: 7,
  kind,
  pool_id: 4242,
  label,
  project: { id: 99, name: 'Demo Token' },
  threshold_pct: kind === 'large_swap' ? null : '10',
  window_minutes: kind === 'large_swap' ? null : 60,
  min_amount: kind === 'large_swap' ? '1000' : null,
  cooldown_minutes: 60,
  is_active: true,
  last_triggered_at: null,
  trigger_count: 0,
  channel_ids: [],
  created_at: '2026-11-24T08:00:00.000Z',
});

// Rows and the detail name an alert's pool from its own label: the pool may be any of thousands,
// none of them loaded on the screen.
describe('an alert named from its own label', () => {
  it("splits 'PROJECT/PAIR - DEX' into the pair, the DEX and the paired token", () => {
    const a = alert('DEMO/WETH - Uniswap V2');
    expect(alertPoolLabel(a)).toBe('DEMO/WETH');
    expect(alertDexLabel(a)).toBe('Uniswap V2');
    expect(pairSymbol(a)).toBe('WETH');
    expect(alertSummary(a, undefined)).toBe('≥ 1,000 WETH');
    expect(alertDescription(a, undefined)).toBe('Fires when one swap moves at least 1,000 WETH');
  });

  it("keeps a symbol that holds ' - ' or '/' whole (the DEX is after the last ' - ')", () => {
    const a = alert('A - B/X/Y - Uniswap V3');
    expect(alertPoolLabel(a)).toBe('A - B/X/Y');
    expect(alertDexLabel(a)).toBe('Uniswap V3');
    expect(pairSymbol(a)).toBe('X/Y');
  });

  it('shows a label it cannot split as it is, without a made-up DEX or token', () => {
    const a = alert('odd label');
    expect(alertPoolLabel(a)).toBe('odd label');
    expect(alertDexLabel(a)).toBe('');
    expect(pairSymbol(a)).toBe('');
    expect(alertSummary(a, undefined)).toBe('≥ 1,000');
  });

  it("never falls back to 'Pool #id'", () => {
    for (const label of ['DEMO/WETH - Uniswap V2', 'x', '']) {
      const a = alert(label, 'price_move');
      expect(alertPoolLabel(a)).not.toMatch(/Pool #/);
      expect(alertDescription(a, undefined)).not.toMatch(/Pool #/);
    }
  });
});
