import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';
import { EmptyState, ErrorState, LoadingState } from './status-message';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';

/*
 * The scaffold of a screen that shows one record (an alert, a project, a pool, a ticket): a back link
 * to its list, then loading, not found, a load failure with 'Try Again', or the record. The record's
 * own body is the screen's.
 */

/** A path id the server could know (a positive 32-bit integer); anything else is 'not found' without asking. */
export function parseRecordId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}

/** The record id in the address (`:id`), or null when it cannot name a record. */
export function useRecordId(): number | null {
  return parseRecordId(useParams().id);
}

/** The detail pages' back link to their list ('Back to Alerts'). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={buttonClasses('link', 'sm', 'mb-4 inline-flex text-sm')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

const WIDTHS = { '4xl': 'max-w-4xl', '5xl': 'max-w-5xl' } as const;

export interface DetailFrameProps {
  /** The back link above everything, shown in every state. */
  back: ReactNode;
  width: keyof typeof WIDTHS;
  children: ReactNode;
}

export function DetailFrame({ back, width, children }: DetailFrameProps) {
  return (
    <div className={cn('mx-auto', WIDTHS[width])}>
      {back}
      {children}
    </div>
  );
}

export interface DetailNotFoundProps extends Omit<DetailFrameProps, 'children'> {
  documentTitle: string;
  icon: LucideIcon;
  title: string;
  /** Defaults to the words for a 404: the record does not exist or is another account's. */
  description?: string;
  /** The link back to the whole list under the message ('View all alerts'). */
  listLink: { to: string; label: string };
}

/**
 * An id that cannot exist and another account's record look the same: the server answers 404 for
 * both (tenant isolation), and so does this page.
 */
export function DetailNotFound({
  back,
  width,
  documentTitle,
  icon,
  title,
  description = 'It does not exist, or it belongs to another account.',
  listLink,
}: DetailNotFoundProps) {
  useDocumentTitle(documentTitle);
  return (
    <DetailFrame back={back} width={width}>
      <Card>
        <EmptyState
          icon={icon}
          title={title}
          description={description}
          action={
            <Link to={listLink.to} className={buttonClasses('outline', 'sm')}>
              {listLink.label}
            </Link>
          }
        />
      </Card>
    </DetailFrame>
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface DetailPageProps<T> extends Omit<DetailFrameProps, 'children'> {
  query: UseQueryResult<T>;
  /** Shown instead of the whole page when the server answers 404; without it a 404 is a load failure. */
  notFound?: ReactNode;
  loadingText: string;
  errorTitle?: string;
  errorMessage: string;
  /**
   * A refetch that fails after the record was shown keeps it on screen (pages that say 'refresh
   * failed' themselves); otherwise the failure replaces it.
   */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

export function DetailPage<T>({
  back,
  width,
  query,
  notFound,
  loadingText,
  errorTitle,
  errorMessage,
  keepDataOnError = false,
  children,
}: DetailPageProps<T>) {
  if (notFound !== undefined && query.isError && isNotFound(query.error)) return notFound;
  const failed = query.isError && !(keepDataOnError && query.data !== undefined);

  return (
    <DetailFrame back={back} width={width}>
      {query.isPending ? (
        <Card>
          <LoadingState>{loadingText}</LoadingState>
        </Card>
      ) : failed || query.data === undefined ? (
        <Card>
          <ErrorState
            title={errorTitle}
            message={errorMessage}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : (
        children(query.data)
      )}
    </DetailFrame>
  );
}
