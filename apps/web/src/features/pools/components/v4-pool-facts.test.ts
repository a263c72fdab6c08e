import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HooksFacts } from './v4-pool-facts';

/** The hooks facts on a V4 pool's page, rendered as the server would: the launchpad's name above its hook (decision 0063). */
const hook = '0xd60D6B218116cFd801E28F78d011a203D2b068Cc';
const v4 = {
  pool_id: `0x${'1'.repeat(64)}`,
  hooks: hook,
  hook_flags: ['beforeSwap'],
  tick_spacing: 200,
  dynamic_fee: true,
};
const render = (launchpad: string | null) =>
  renderToStaticMarkup(createElement(HooksFacts, { v4: { ...v4, launchpad }, explorer: 'https://basescan.org' }));

describe('hooks facts', () => {
  it('name the launchpad whose hook made the pool, then the hook and the note every hooked pool carries', () => {
    const html = render('Clanker');
    expect(html).toContain('Clanker&#x27;s launchpad hook');
    expect(html.indexOf('launchpad hook')).toBeLessThan(html.indexOf('0xd60D'));
    expect(html).toContain('This pool has hooks: they can change amounts and fees.');
  });

  it('say nothing of a launchpad for a hook no launchpad lists', () => {
    expect(render(null)).not.toContain('launchpad');
  });
});
