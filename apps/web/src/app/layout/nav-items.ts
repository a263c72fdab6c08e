import {
  Activity,
  Bell,
  Droplets,
  FolderKanban,
  Headset,
  LayoutDashboard,
  LifeBuoy,
  Settings,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../lib/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on the exact path (the dashboard at '/' would otherwise match everything). */
  end?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

// Only screens that exist are listed; each feature adds its entry when it ships.
export const navGroups: NavGroup[] = [
  {
    label: 'Main',
    items: [
      { to: paths.home, label: 'Dashboard', icon: LayoutDashboard, end: true },
      { to: paths.projects, label: 'Projects', icon: FolderKanban },
      { to: paths.activities, label: 'Activity', icon: Activity },
      { to: paths.alerts, label: 'Alerts', icon: Bell },
      { to: paths.pools, label: 'Funds', icon: Droplets },
    ],
  },
  {
    label: 'General',
    items: [
      { to: paths.settings, label: 'Settings', icon: Settings },
      { to: paths.tickets, label: 'Support', icon: LifeBuoy },
    ],
  },
];

/** Product §2.2: shown to staff only. */
export const staffNavGroup: NavGroup = {
  label: 'Staff',
  items: [{ to: paths.staffTickets, label: 'Support Desk', icon: Headset }],
};
