import { Activity, Bell, Droplets, FolderKanban, Headset, LayoutDashboard, LifeBuoy, Settings, type LucideIcon } from 'lucide-react';

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
      { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true },
      { to: '/projects', label: 'Projects', icon: FolderKanban },
      { to: '/activities', label: 'Activity', icon: Activity },
      { to: '/alerts', label: 'Alerts', icon: Bell },
      { to: '/funds', label: 'Funds', icon: Droplets },
    ],
  },
  {
    label: 'General',
    items: [
      { to: '/settings', label: 'Settings', icon: Settings },
      { to: '/support', label: 'Support', icon: LifeBuoy },
    ],
  },
];

/** Product §2.2: shown to staff only. */
export const staffNavGroup: NavGroup = { label: 'Staff', items: [{ to: '/staff/tickets', label: 'Support Desk', icon: Headset }] };
