import type { LegalDocumentKind } from '@tokendesk/contract';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useLegalDocument } from '../../../features/legal/api/get-legal-document';
import { LegalText } from '../../../features/legal/components/legal-text';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

const TITLES: Record<LegalDocumentKind, string> = { terms: 'Terms of Service', privacy: 'Privacy Policy' };

/** /terms and /privacy, signed in or out (issue 35): linked from the registration form. */
export function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  useDocumentTitle(TITLES[kind]);
  const legal = useLegalDocument(kind);
  const other: LegalDocumentKind = kind === 'terms' ? 'privacy' : 'terms';
  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <Link to={paths.home} className="self-start rounded-lg" aria-label="TokenDesk">
          <Brand />
        </Link>
        <main className="rounded-2xl border border-slate-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-8">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{TITLES[kind]}</h1>
          <div className="mt-5">
            {legal.data ? (
              <LegalText text={legal.data.text} />
            ) : legal.isError ? (
              <div className="flex flex-col items-start gap-3">
                <Alert tone="error">{`The ${TITLES[kind]} could not be loaded. Please try again.`}</Alert>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void legal.refetch()}
                  loading={legal.isFetching}
                  disabled={legal.isFetching}
                >
                  Try Again
                </Button>
              </div>
            ) : (
              <p role="status" className="text-sm text-slate-500">
                Loading...
              </p>
            )}
          </div>
        </main>
        <p className="text-center text-sm text-slate-600">
          <Link to={paths[other]} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
            {TITLES[other]}
          </Link>
          {' · '}
          <Link to={paths.register} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
            Create an Account
          </Link>
        </p>
      </div>
    </div>
  );
}

export const TermsRoute = () => <LegalPage kind="terms" />;
export const PrivacyRoute = () => <LegalPage kind="privacy" />;
