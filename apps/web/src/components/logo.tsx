import { useState } from 'react';
import { cn } from '../lib/cn';

const sizes = {
  xs: 'h-4 w-4 text-[8px]',
  sm: 'h-5 w-5 text-[9px]',
  md: 'h-8 w-8 text-xs',
  lg: 'h-10 w-10 text-sm',
} as const;

export interface LogoProps {
  /** A same-origin path from the API, e.g. '/logos/networks/ethereum.svg'; may be empty. */
  src: string | null | undefined;
  /** What the logo stands for; its first letters are the fallback when the image is missing. */
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}

function fallbackLetters(name: string): string {
  const clean = name.replace(/[^\p{L}\p{N}\s]/gu, '').trim();
  const words = clean.split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]!.charAt(0) + words[1]!.charAt(0)).toUpperCase();
  return (words[0] ?? '?').slice(0, 2).toUpperCase();
}

/**
 * A network, DEX or token logo. Always next to its name, so it is decorative for screen readers.
 * A logo that fails to load (or none at all) shows the name's initials instead.
 */
export function Logo({ src, name, size = 'sm', className }: LogoProps) {
  // Keyed by src: a new address gets a fresh attempt after an earlier one failed.
  return <LogoImage key={src ?? ''} src={src} name={name} size={size} className={className} />;
}

function LogoImage({ src, name, size = 'sm', className }: LogoProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        aria-hidden="true"
        data-logo-fallback=""
        className={cn(
          'inline-grid shrink-0 place-items-center rounded-full bg-slate-200 font-semibold text-slate-600 select-none',
          sizes[size],
          className,
        )}
      >
        {fallbackLetters(name)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('shrink-0 rounded-full bg-white object-contain', sizes[size], className)}
    />
  );
}
