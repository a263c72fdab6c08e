import { stableBucket, userInitials, type NamedUser } from '@tokendesk/contract';
import { cn } from '../lib/cn';

/** Six gradients; a user keeps the same one everywhere because it is chosen from the username. */
const gradients = [
  'from-indigo-500 to-violet-500',
  'from-sky-500 to-cyan-500',
  'from-emerald-500 to-teal-500',
  'from-amber-500 to-orange-500',
  'from-rose-500 to-pink-500',
  'from-fuchsia-500 to-purple-600',
] as const;

const sizes = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-16 w-16 text-xl',
  xl: 'h-20 w-20 text-2xl',
} as const;

export interface UserAvatarProps {
  user: Partial<NamedUser>;
  size?: keyof typeof sizes;
  className?: string;
}

export function UserAvatar({ user, size = 'md', className }: UserAvatarProps) {
  const gradient = gradients[stableBucket(user.username ?? '', gradients.length)];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-grid shrink-0 place-items-center rounded-full bg-gradient-to-br font-semibold text-white select-none',
        gradient,
        sizes[size],
        className,
      )}
    >
      {userInitials(user)}
    </span>
  );
}
