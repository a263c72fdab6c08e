import { LineChart, X } from 'lucide-react';
import { useState } from 'react';
import { Sheet, SheetClose, SheetContent, SheetTrigger } from '../../../components/ui/sheet';
import { Tooltip } from '../../../components/ui/tooltip';
import { MarketPricesPanel } from './market-prices-panel';

/**
 * The Market Prices panel for screens under 1280 px, where the layout has no room for it beside
 * the page (product §2.2): a button in the header opens it as a drawer from the right. The panel is
 * mounted only while the drawer is open, so it polls only then. Radix moves focus in, traps it,
 * closes on Escape and gives focus back to the button.
 */
export function MarketPricesDrawer({ triggerClassName }: { triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Tooltip content="Market Prices">
        <SheetTrigger className={triggerClassName} aria-label="Market Prices">
          <LineChart className="h-4 w-4" aria-hidden="true" />
        </SheetTrigger>
      </Tooltip>
      <SheetContent
        side="right"
        title="Market Prices"
        description="Price and 24h change of your pools"
        header={false}
        className="max-w-sm"
        // A row (or 'View all in Funds') opens another page: the drawer goes with the page it covered.
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
        }}
      >
        <MarketPricesPanel
          className="min-h-0 flex-1"
          headerActions={
            <SheetClose
              className="grid h-8 w-8 cursor-pointer place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              aria-label="Close Market Prices"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </SheetClose>
          }
        />
      </SheetContent>
    </Sheet>
  );
}
