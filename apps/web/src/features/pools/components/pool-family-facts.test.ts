import type { PoolShape } from '@tokendesk/contract';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '../../../test/static-render';
import { PLUGIN_NOTE, PoolFamilyFactsCard } from './pool-family-facts';

const none: PoolShape = { stable: null, tick_spacing: null, bin_step: null, dynamic_fee: false, plugin: null };
const plugin = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const network = { network_explorer: 'https://basescan.org' };
const render = (pool_version: string, fee: number | null, shape: PoolShape) =>
  renderStatic(
    createElement(PoolFamilyFactsCard, {
      pool: { pool_version: pool_version as never, fee, shape, v4: null, network },
    }),
  );

/** The pool page's card of what a family's pool is (issue 30): one per family beyond Uniswap's. */
describe('pool family facts card', () => {
  it('a Solidly stable pool: its curve and fee', () => {
    const text = textOf(render('solidly', 500, { ...none, stable: true }));
    expect(text).toContain('Solidly pool');
    expect(text).toContain('Curve Stable pool x³y + y³x = k');
    expect(text).toContain('Fee 0.05%');
    expect(text).not.toContain('Plugin');
  });

  it('a Solidly volatile pool', () => {
    expect(textOf(render('solidly', 3000, { ...none, stable: false }))).toContain('Volatile pool x · y = k');
  });

  it('a Slipstream pool: fee and tick spacing', () => {
    const text = textOf(render('slipstream', 3000, { ...none, tick_spacing: 200 }));
    expect(text).toContain('Slipstream pool');
    expect(text).toContain('Fee 0.3%');
    expect(text).toContain('Tick spacing 200');
  });

  it('an Algebra pool: dynamic fee, its plugin as a V4 hook is shown, or "No plugin"', () => {
    const html = render('algebra', null, { ...none, tick_spacing: 60, dynamic_fee: true, plugin });
    const text = textOf(html);
    expect(text).toContain('Algebra pool');
    expect(text).toContain('Fee Dynamic fee Set by the pool for each swap.');
    expect(text).toContain(PLUGIN_NOTE);
    expect(html).toContain(`title="${plugin}"`);
    expect(html).toContain(`href="https://basescan.org/address/${plugin}"`);
    expect(textOf(render('algebra', null, { ...none, tick_spacing: 60, dynamic_fee: true }))).toContain(
      'Plugin No plugin',
    );
  });

  it('a Liquidity Book pair: its bin step', () => {
    const text = textOf(render('liquidity-book', 2000, { ...none, bin_step: 25 }));
    expect(text).toContain('Liquidity Book pair');
    expect(text).toContain('Bin step 25 (0.25%)');
    expect(text).toContain('Fee 0.2%');
  });

  it('nothing for Uniswap V2 and V3 (nothing to add) nor V4 (its key has its own card)', () => {
    expect(render('v2', null, none)).toBe(render('v3', 3000, none));
    expect(textOf(render('v3', 3000, { ...none, tick_spacing: 60 }))).toBe('');
    expect(textOf(render('v4', 3000, { ...none, tick_spacing: 60 }))).toBe('');
  });
});
