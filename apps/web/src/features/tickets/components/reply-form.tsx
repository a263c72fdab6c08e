import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';

export interface ReplyFormProps {
  onSend: (message: string, done: { onSuccess: () => void; onError: () => void }) => void;
  sending: boolean;
  label?: string;
}

/** Product §2.13: 'Reply to this ticket'; empty replies are not sent. */
export function ReplyForm({ onSend, sending, label = 'Reply to this ticket' }: ReplyFormProps) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const empty = message.trim() === '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (empty || sending) return;
    setFailed(false);
    onSend(message.trim(), { onSuccess: () => setMessage(''), onError: () => setFailed(true) });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <Label htmlFor={id}>{label}</Label>
      {failed && <Alert tone="error">Failed to send reply. Please try again.</Alert>}
      <textarea
        id={id}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="Type your reply here..."
        rows={4}
        disabled={sending}
        className={cn(inputClasses, 'h-auto resize-y py-2')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={empty || sending} loading={sending}>
          {sending ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}
