import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { AccountFooter } from './account-footer';
import { NavGroups } from './nav-groups';
import { paths } from '../../lib/paths';

/** The desktop sidebar (≥ 768 px); smaller screens use the mobile menu. */
export function Sidebar() {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white md:flex">
      <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-6">
        <Link
          to={paths.home}
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          aria-label="TokenDesk home"
        >
          <Brand />
        </Link>
      </div>
      <nav aria-label="Sidebar" className="flex-1 overflow-y-auto px-3 py-5">
        <NavGroups idPrefix="sidebar" />
      </nav>
      <AccountFooter />
    </aside>
  );
}
