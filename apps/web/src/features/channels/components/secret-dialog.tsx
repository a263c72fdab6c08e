import type { ChannelWithSecret } from '@tokendesk/contract';
import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export interface SecretDialogProps {
  /** The channel with its new secret, or null when closed. */
  channel: ChannelWithSecret | null;
  onClose: () => void;
}

/**
 * The webhook signing secret, shown this once (docs/decisions/0038): TokenDesk keeps it to sign,
 * but never answers it again, so the dialog says so and offers a copy button.
 */
export function SecretDialog({ channel, onClose }: SecretDialogProps) {
  const id = 'webhook-signing-secret';
  return (
    <Dialog open={channel !== null} onOpenChange={(open) => !open && onClose()}>
      {channel?.secret && (
        <DialogContent
          title="Copy your signing secret"
          description={`For the webhook "${channel.name}".`}
          footer={
            <DialogClose asChild>
              <Button>I have copied it</Button>
            </DialogClose>
          }
        >
          <div className="flex flex-col gap-4 text-sm text-slate-600">
            <div
              role="note"
              className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-amber-900"
            >
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <p>
                This secret is shown only now. Store it where your receiver can read it: it verifies that a message
                really comes from TokenDesk (the webhook-signature header). If you lose it, rotate it to get a new one.
              </p>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id}>Signing secret</Label>
              <div className="flex items-center gap-2">
                <Input
                  id={id}
                  readOnly
                  value={channel.secret}
                  className="font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton value={channel.secret} label="Copy signing secret" className="h-10 px-2" />
              </div>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
