import { Button } from './ui/button';

export interface LoadMoreFooterProps {
  /** e.g. '50 pools shown'. */
  shown: string;
  hasMore: boolean;
  loadingMore: boolean;
  failed: boolean;
  onLoadMore: () => void;
  failedText: string;
}

/** Under a paged list: how many rows are shown and 'Load more' while the server has more (as /activities does). */
export function LoadMoreFooter({ shown, hasMore, loadingMore, failed, onLoadMore, failedText }: LoadMoreFooterProps) {
  return (
    <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-5 py-4 text-xs text-slate-500">
      <p>{shown}</p>
      {hasMore && (
        <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loadingMore} loading={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load more'}
        </Button>
      )}
      {failed && (
        <p role="alert" className="text-red-600">
          {failedText}
        </p>
      )}
    </div>
  );
}
