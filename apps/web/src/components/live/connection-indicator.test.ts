import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '../../test/static-render';
import { TooltipProvider } from '../ui/tooltip';
import { ConnectionIndicatorView } from './connection-indicator';
import { OfflineBannerView } from './offline-banner';

const indicator = (status: Parameters<typeof ConnectionIndicatorView>[0]['status'], asOf: string | null = null) =>
  renderStatic(createElement(TooltipProvider, null, createElement(ConnectionIndicatorView, { status, asOf })));

describe('the header connection indicator (issue 31)', () => {
  it('says the state in words inside a status region, with the explanation tied to a focusable button', () => {
    const live = indicator('live');
    expect(live).toMatch(/^<span role="status"/);
    expect(live).toMatch(/<button type="button" data-connection="live" aria-describedby="connection-explanation"/);
    expect(textOf(live)).toBe('Live Connected: new swaps, prices and notifications appear as they are indexed.');
    expect(textOf(indicator('reconnecting'))).toMatch(/^Reconnecting… The live connection dropped; trying again\./);
    expect(textOf(indicator('offline', '21:40'))).toBe("Offline Can't reach TokenDesk. Figures as of 21:40.");
  });

  it('uses the badge tones of the rest of the app (axe-checked colours), a different icon per state', () => {
    expect(indicator('live')).toContain('bg-emerald-50 text-emerald-700');
    expect(indicator('reconnecting')).toContain('bg-amber-50 text-amber-800');
    expect(indicator('offline')).toContain('bg-red-50 text-red-700');
    const icons = (['live', 'reconnecting', 'offline'] as const).map(
      (status) => /lucide-([a-z-]+)/.exec(indicator(status))?.[1],
    );
    expect(new Set(icons).size).toBe(3);
  });

  it('the offline banner: one message with the time of the last figures', () => {
    expect(textOf(renderStatic(createElement(OfflineBannerView, { asOf: '21:40' })))).toBe(
      "Can't reach TokenDesk. Figures as of 21:40. Figures shown are from then and are dimmed until TokenDesk answers again.",
    );
  });
});
