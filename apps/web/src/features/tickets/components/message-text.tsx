import { cn } from '../../../lib/cn';

/**
 * A message is plain text: rendered as a React text node (never as HTML), line breaks kept.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return <p className={cn('text-sm break-words whitespace-pre-wrap', className)}>{text}</p>;
}
