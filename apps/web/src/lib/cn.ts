/** Joins class names, skipping falsy ones (no tailwind-merge: callers avoid conflicting utilities). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
