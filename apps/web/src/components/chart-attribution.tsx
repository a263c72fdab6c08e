import { cn } from '../lib/cn';

/**
 * The charts are drawn with TradingView Lightweight Charts™ (Apache-2.0). Its licence asks for the
 * attribution notice of its NOTICE file and a link to https://www.tradingview.com/ on the page that
 * shows a chart. The library's own logo did that inside the plot, over the newest candles (issue
 * 35); this line beside the chart does it instead (the library's attributionLogo option is off).
 */
export const CHART_ATTRIBUTION_NOTICE = 'TradingView Lightweight Charts™ Copyright (c) 2023 TradingView, Inc.';

export function ChartAttribution({ className }: { className?: string }) {
  return (
    <p className={cn('text-[11px] text-slate-500', className)}>
      Chart by{' '}
      <a
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
        className="underline underline-offset-2 hover:text-slate-700"
      >
        TradingView
      </a>{' '}
      Lightweight Charts™ · Copyright (c) 2023 TradingView, Inc.
    </p>
  );
}
