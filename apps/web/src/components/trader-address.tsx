import { shortenAddress } from '@tokendesk/contract';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { CopyButton } from './copy-button';
import { ExplorerLink } from './explorer-link';

export interface TraderAddressProps {
  /** Checksummed; null while the server has not read the transaction's sender yet. */
  address: string | null;
  explorer: string | null | undefined;
  /** Where the shortened address leads: that trader's activity. Without it, plain text. */
  href?: string;
  className?: string;
}

/** Not read yet: the indexer reads senders a few ticks after it stores the event (decision 0033). */
export const TRADER_NOT_READ = 'The trader (the transaction’s sender) has not been read from the chain yet';

/**
 * A trader (a transaction's sender, decision 0033): shortened to 6 + 4 characters (product §6), the
 * full address on hover, a copy button and the explorer link.
 */
export function TraderAddress({ address, explorer, href, className }: TraderAddressProps) {
  if (address === null) {
    return (
      <span className={cn('text-slate-500', className)} title={TRADER_NOT_READ} data-testid="trader-unread">
        —<span className="sr-only"> ({TRADER_NOT_READ})</span>
      </span>
    );
  }
  const short = shortenAddress(address);
  return (
    <span className={cn('inline-flex min-w-0 items-center', className)} data-testid="trader">
      {href ? (
        <Link
          to={href}
          title={`${address}: show this trader's activity`}
          aria-label={`Trader ${short}: show this trader's activity`}
          onClick={(event) => event.stopPropagation()}
          className="rounded font-mono font-medium text-indigo-600 hover:text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {short}
        </Link>
      ) : (
        <span className="font-mono text-slate-700" title={address}>
          {short}
        </span>
      )}
      <CopyButton value={address} label="Copy trader address" className="h-6 px-1" />
      <ExplorerLink explorer={explorer} address={address} label="View trader on explorer" className="h-6 w-6" />
    </span>
  );
}
