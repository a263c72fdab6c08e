import type { IssuedResetLink } from '@tokendesk/contract';
import { format } from 'date-fns';
import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';

export const issuedLinkTexts = {
  title: (username: string) => `One-time link for ${username}`,
  label: 'Reset link',
  copy: 'Copy Link',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the link and copy it by hand.',
  expiry: (time: string) =>
    `It works once and expires at ${time} (in 30 minutes). Using it signs the account out everywhere.`,
  once: 'It is shown only now. Once this dialog is closed nobody can see it again: copy it before you close, and give it only to the account’s owner.',
} as const;

/** The link just issued, with a copy button; shown once, in the dialog that asked for it (decision 0058). */
export function IssuedLinkPanel({ link }: { link: IssuedResetLink }) {
  const id = useId();
  const { copy, copied, failed } = useCopyToClipboard();
  const t = issuedLinkTexts;
  return (
    <div className="flex flex-col gap-4" data-testid="issued-reset-link">
      <Alert tone="success">{t.title(link.username)}</Alert>
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {t.label}
        </label>
        {/* The whole link, wrapped: staff may have to read it out or check it, not only copy it. */}
        <textarea
          id={id}
          readOnly
          rows={3}
          value={link.url}
          spellCheck={false}
          className={cn(inputClasses, 'h-auto resize-none py-2 font-mono text-xs break-all')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant={copied ? 'secondary' : 'primary'} onClick={() => copy(link.url)}>
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            {copied ? t.copied : t.copy}
          </Button>
          <p role="status" className={failed ? 'text-sm text-red-700' : 'sr-only'}>
            {failed ? t.copyFailed : copied ? 'Copied to the clipboard' : ''}
          </p>
        </div>
      </div>
      <p className="text-sm text-slate-700">{t.expiry(format(new Date(link.expires_at), 'h:mm a'))}</p>
      <p className="text-sm font-medium text-slate-900">{t.once}</p>
    </div>
  );
}
