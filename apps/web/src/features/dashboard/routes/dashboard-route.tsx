import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { GettingStartedCard } from '../components/getting-started-card';

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Dashboard" description="Welcome to your project overview" />
      <GettingStartedCard />
    </div>
  );
}
