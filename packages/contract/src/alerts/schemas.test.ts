import { describe, expect, it } from 'vitest';
import { alertMessages as m, createAlertBodySchema, thresholdProblem, updateAlertBodySchema } from './schemas';

/** What the alert form and the server both run (issue 35 item 8): a reserve falls by 100 % at most. */
describe('alert thresholds by kind', () => {
  const create = (kind: 'price_move' | 'liquidity_drop', threshold_pct: unknown) =>
    createAlertBodySchema.safeParse({ kind, pool_id: 1, threshold_pct, window_minutes: 60 });
  const firstMessage = (r: ReturnType<typeof create>) => (r.success ? null : r.error.issues[0]!.message);

  it('a new Liquidity Drop takes 0.1 to 100, a Price Move 0.1 to 1000', () => {
    expect(create('liquidity_drop', '100').success).toBe(true);
    expect(firstMessage(create('liquidity_drop', '100.01'))).toBe('Enter a percentage from 0.1 to 100');
    expect(firstMessage(create('liquidity_drop', 1000))).toBe(m.dropThresholdRange);
    expect(firstMessage(create('liquidity_drop', '0.05'))).toBe(m.dropThresholdRange);
    expect(create('price_move', '1000').success).toBe(true);
    expect(firstMessage(create('price_move', '1000.5'))).toBe(m.thresholdRange);
  });

  it('an edit, whose body has no kind, is checked against the alert’s kind', () => {
    const parsed = updateAlertBodySchema.parse({ threshold_pct: '250' });
    expect(parsed.threshold_pct).toBe(250);
    expect(thresholdProblem('liquidity_drop', parsed.threshold_pct!)).toBe(m.dropThresholdRange);
    expect(thresholdProblem('liquidity_drop', 100)).toBeNull();
    expect(thresholdProblem('price_move', 250)).toBeNull();
  });
});
