import type { Pool } from '@tokendesk/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PoolOption, poolOptionLabel } from '../../../components/pool-option';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { serverMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { poolOptionsQueryOptions } from '../api/get-pool-options';

/** Typing settles for this long before the server is asked. */
export const POOL_SEARCH_DEBOUNCE_MS = 250;

export interface PoolSelectProps {
  id: string;
  value: Pool | null;
  /** The label of an alert's pool when the Pool itself is not loaded (the edit form: any pool, even beyond the first page). */
  editedLabel?: string;
  onChange: (pool: Pool) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Product §2.10: the pool of an alert ('PROJECT/PAIR - DEX'), searched on the server among any number of pools. */
export function PoolSelect({
  id,
  value,
  editedLabel,
  onChange,
  disabled,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: PoolSelectProps) {
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, POOL_SEARCH_DEBOUNCE_MS);
  const options = useInfiniteQuery({ ...poolOptionsQueryOptions(debounced), enabled: !disabled });
  const pools = options.data?.pages.flatMap((page) => page.pools) ?? [];
  // Until the debounce settles and the answer for the current text is in, the rows are an older answer.
  const stale = debounced !== trimmed || options.isPlaceholderData;

  return (
    <SearchableSelect<Pool>
      id={id}
      selectedKey={value?.id ?? null}
      selectedLabel={value ? poolOptionLabel(value) : (editedLabel ?? '')}
      onSelect={onChange}
      query={query}
      onQueryChange={setQuery}
      options={pools}
      getKey={(pool) => pool.id}
      getLabel={poolOptionLabel}
      renderOption={(pool) => <PoolOption pool={pool} />}
      listLabel="Search results"
      placeholder="Search pools by token, DEX or address"
      loading={options.isPending}
      stale={stale}
      error={options.isError ? (serverMessage(options.error) ?? 'Pools could not be loaded. Please try again.') : null}
      hasMore={options.hasNextPage}
      loadingMore={options.isFetchingNextPage}
      onLoadMore={() => void options.fetchNextPage()}
      noMatchText={(text) => `No pools match "${text}"`}
      emptyText="You have no pools yet"
      disabled={disabled}
      aria-invalid={ariaInvalid}
      aria-describedby={ariaDescribedBy}
    />
  );
}
