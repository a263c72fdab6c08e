import { displayName } from '@tokendesk/contract';
import { ChevronDown, LogOut, Monitor, Moon, Settings, Sun, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useCurrentUser } from '../../lib/current-user';
import { setThemePreference, useThemePreference, type ThemePreference } from '../../lib/theme';
import { useSignOut } from './sign-out';
import { paths } from '../../lib/paths';

const THEME_CHOICES = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
] as const satisfies readonly { value: ThemePreference; label: string; icon: unknown }[];

function isThemePreference(value: string): value is ThemePreference {
  return THEME_CHOICES.some((choice) => choice.value === value);
}

export function UserMenu() {
  const user = useCurrentUser();
  const { signOut, signingOut } = useSignOut();
  const name = displayName(user);
  const theme = useThemePreference();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex min-w-0 cursor-pointer items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 data-[state=open]:bg-slate-100"
        aria-label={`User menu for ${name}`}
      >
        <UserAvatar user={user} size="sm" />
        <span className="hidden max-w-40 truncate xl:block">{name}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserAvatar user={user} size="md" />
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{name}</p>
            <p className="text-xs font-normal break-all text-slate-500">{user.email}</p>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <UserRound className="h-4 w-4 text-slate-500" aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.settings}>
            <Settings className="h-4 w-4 text-slate-500" aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel
          id="theme-label"
          className="pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase"
        >
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          aria-labelledby="theme-label"
          value={theme}
          onValueChange={(value) => {
            if (isThemePreference(value)) setThemePreference(value);
          }}
        >
          {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
            // Choosing keeps the menu open, so the change can be seen and undone in place.
            <DropdownMenuRadioItem key={value} value={value} onSelect={(event) => event.preventDefault()}>
              <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={signOut}
          className="text-red-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {signingOut ? 'Logging out...' : 'Sign Out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
