import { displayName } from '@tokendesk/contract';
import { BookOpen, KeyRound, Sparkles, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { roleLabel, useCurrentUser } from '../../../lib/current-user';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
  action: ReactNode;
  done?: boolean;
}

/** What a new owner can do today; no figures, because none exist yet (SPEC §0). */
export function GettingStartedCard() {
  const user = useCurrentUser();
  const hasName = user.first_name.trim() !== '' && user.last_name.trim() !== '';

  const steps: Step[] = [
    {
      icon: UserRound,
      title: hasName ? 'Your profile is complete' : 'Add your name',
      text: hasName
        ? 'Support staff see your first and last name on your tickets.'
        : 'Add your first and last name so support staff know who they are talking to.',
      action: (
        <Link to="/profile" className={buttonClasses('outline', 'sm')}>
          Open Profile
        </Link>
      ),
      done: hasName,
    },
    {
      icon: KeyRound,
      title: 'Review your account settings',
      text: 'Keep your e-mail address current and use a strong, unique password.',
      action: (
        <Link to="/settings" className={buttonClasses('outline', 'sm')}>
          Open Settings
        </Link>
      ),
    },
    {
      icon: BookOpen,
      title: 'Explore the API',
      text: 'Every screen of TokenDesk is built on a documented JSON API you can use from your own tools.',
      action: (
        <a href="/api/docs" className={buttonClasses('outline', 'sm')}>
          Open Docs
        </a>
      ),
    },
  ];

  return (
    <Card aria-labelledby="getting-started-title">
      <CardHeader
        titleId="getting-started-title"
        icon={<Sparkles className="h-5 w-5" aria-hidden="true" />}
        title="Getting started"
        description="A few things worth doing while you set up your workspace."
      />
      <CardBody className="flex flex-col gap-6">
        <div className="flex items-center gap-4 rounded-lg bg-slate-50 px-4 py-3">
          <UserAvatar user={user} size="md" />
          <div className="min-w-0">
            <p className="text-sm font-medium break-words text-slate-900">Signed in as {displayName(user)}</p>
            <p className="text-sm break-all text-slate-500">
              {user.email} · {roleLabel(user)}
            </p>
          </div>
        </div>
        <ol className="flex flex-col divide-y divide-slate-100">
          {steps.map(({ icon: Icon, title, text, action, done }) => (
            <li
              key={title}
              className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-center"
            >
              <span
                className={
                  done
                    ? 'grid h-9 w-9 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-600'
                    : 'grid h-9 w-9 shrink-0 place-items-center rounded-full bg-indigo-50 text-indigo-600'
                }
                aria-hidden="true"
              >
                <Icon className="h-4 w-4" />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{title}</p>
                <p className="text-sm text-slate-500">{text}</p>
              </div>
              <div className="col-start-2 sm:col-start-auto">{action}</div>
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
