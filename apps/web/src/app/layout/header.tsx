import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { buttonClasses } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { MobileMenu } from './mobile-menu';
import { UserMenu } from './user-menu';

export function Header() {
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-6 lg:px-8">
      <MobileMenu />
      <Link
        to="/"
        aria-label="TokenDesk home"
        className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:hidden"
      >
        <Brand />
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-3">
        <Tooltip content="API reference">
          {/* A plain link: the docs are served by the API, outside this single-page app. */}
          <a href="/api/docs" className={buttonClasses('ghost', 'sm', 'h-9')}>
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            Docs
          </a>
        </Tooltip>
        <UserMenu />
      </div>
    </header>
  );
}
