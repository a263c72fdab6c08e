import { createTicketBodySchema, toFieldErrors, type Project } from '@tokendesk/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, inputClasses } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { useCreateTicket } from '../api/create-ticket';

/** The select's value for a ticket about no project (issue 18: a user who cannot add one can still ask). */
const GENERAL = 'general';
const GENERAL_LABEL = 'General question (no project)';

/** SPEC §4 lists the ticket messages as subject, message, project: the first failure in that order shows. */
const FIELD_ORDER = ['subject', 'message', 'project'] as const;
type FormField = (typeof FIELD_ORDER)[number];

export interface ProjectsState {
  data: Project[] | undefined;
  isPending: boolean;
  isError: boolean;
}

export interface CreateTicketDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's projects (from the projects feature, composed in app/). */
  projects: ProjectsState;
}

/** SPEC §2.13: project, subject and message; resets on open; on success closes and reloads the list. */
export function CreateTicketDialog({ open, onOpenChange, projects }: CreateTicketDialogProps) {
  const formId = useId();
  const createTicket = useCreateTicket();
  const pending = createTicket.isPending;
  const loadingProjects = projects.isPending;
  const noProjects = !loadingProjects && !projects.isError && (projects.data?.length ?? 0) === 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (next) createTicket.reset();
        onOpenChange(next);
      }}
    >
      {open && (
        <DialogContent
          title="Create Support Ticket"
          description="Describe your issue and our support team will get back to you."
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={pending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                type="submit"
                form={formId}
                disabled={pending || loadingProjects}
                loading={pending}
              >
                {pending ? 'Submitting...' : 'Create Ticket'}
              </Button>
            </>
          }
        >
          <CreateTicketForm
            formId={formId}
            projects={projects}
            noProjects={noProjects}
            createTicket={createTicket}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface CreateTicketFormProps {
  formId: string;
  projects: ProjectsState;
  noProjects: boolean;
  createTicket: ReturnType<typeof useCreateTicket>;
  onDone: () => void;
}

function CreateTicketForm({ formId, projects, noProjects, createTicket, onDone }: CreateTicketFormProps) {
  const [project, setProject] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ field: FormField | null; message: string } | null>(null);
  const pending = createTicket.isPending;
  const ids: Record<FormField, string> = { project: `${formId}-project`, subject: `${formId}-subject`, message: `${formId}-message` };

  // The first project is preselected as soon as the list is there; without any, a general question.
  const firstProject = projects.data?.[0]?.id;
  useEffect(() => {
    if (firstProject !== undefined) setProject((current) => current || String(firstProject));
    else if (noProjects || projects.isError) setProject((current) => current || GENERAL);
  }, [firstProject, noProjects, projects.isError]);

  useEffect(() => {
    if (error?.field) document.getElementById(ids[error.field])?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus once per failure
  }, [error]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || projects.isPending) return;
    const parsed = createTicketBodySchema.safeParse({ project: project === GENERAL ? null : project || undefined, subject, message });
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, FIELD_ORDER);
      if (first) {
        const field = (FIELD_ORDER as readonly string[]).includes(first.field) ? (first.field as FormField) : null;
        setError({ field, message: first.message });
      }
      return;
    }
    setError(null);
    createTicket.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Ticket created.');
        onDone();
      },
      onError: () => setError({ field: null, message: 'Failed to create ticket. Please try again.' }),
    });
  }

  const errorFor = (field: FormField) => (error?.field === field ? error.message : null);
  const clear = (field: FormField) => {
    if (error && (error.field === field || error.field === null)) setError(null);
  };

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {error && !error.field && <Alert tone="error">{error.message}</Alert>}
      {projects.isError && <Alert tone="error">Failed to load projects. Please try again.</Alert>}
      {noProjects && <Alert tone="info">You don't have any projects yet: your ticket will be a general question.</Alert>}

      <Field id={ids.project} label="Project" error={errorFor('project')}>
        <Select
          id={ids.project}
          value={project}
          disabled={pending}
          aria-invalid={errorFor('project') ? true : undefined}
          aria-describedby={describedBy(ids.project, { error: !!errorFor('project') })}
          onChange={(e) => {
            setProject(e.target.value);
            clear('project');
          }}
        >
          {projects.isPending ? (
            <option value="">Loading projects...</option>
          ) : (
            <>
              {projects.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.token_symbol})
                </option>
              ))}
              <option value={GENERAL}>{GENERAL_LABEL}</option>
            </>
          )}
        </Select>
      </Field>

      <Field id={ids.subject} label="Subject" error={errorFor('subject')}>
        <Input
          id={ids.subject}
          value={subject}
          placeholder="Brief description of your issue"
          disabled={pending}
          maxLength={200}
          aria-invalid={errorFor('subject') ? true : undefined}
          aria-describedby={describedBy(ids.subject, { error: !!errorFor('subject') })}
          onChange={(e) => {
            setSubject(e.target.value);
            clear('subject');
          }}
        />
      </Field>

      <Field id={ids.message} label="Message" error={errorFor('message')}>
        <textarea
          id={ids.message}
          value={message}
          placeholder="Describe your issue in detail"
          rows={6}
          disabled={pending}
          aria-invalid={errorFor('message') ? true : undefined}
          aria-describedby={describedBy(ids.message, { error: !!errorFor('message') })}
          className={cn(inputClasses, 'h-auto resize-y py-2')}
          onChange={(e) => {
            setMessage(e.target.value);
            clear('message');
          }}
        />
      </Field>
    </form>
  );
}
