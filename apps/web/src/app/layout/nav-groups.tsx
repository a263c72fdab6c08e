import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../lib/current-user';
import { navGroups, staffNavGroup } from './nav-items';

/** The navigation of the sidebar and of the mobile menu. */
export function NavGroups({ onNavigate, idPrefix }: { onNavigate?: () => void; idPrefix: string }) {
  const user = useCurrentUser();
  const groups = user.is_staff ? [...navGroups, staffNavGroup] : navGroups;
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => {
        const headingId = `${idPrefix}-${group.label.toLowerCase()}`;
        return (
          <div key={group.label}>
            <p id={headingId} className="px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {group.label}
            </p>
            <ul aria-labelledby={headingId} className="mt-2 flex flex-col gap-0.5">
              {group.items.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                        isActive
                          ? 'bg-indigo-50 text-indigo-700'
                          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                      )
                    }
                  >
                    <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
