import { createTicketBodySchema, toFieldErrors, type Project } from '@tokendesk/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { describedBy, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input, inputClasses } from '../../../components/ui/input';
import { keepDialogOpenForOpenList, SearchableSelect } from '../../../components/ui/searchable-select';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateTicket } from '../api/create-ticket';
import { ticketProjectOptionsQueryOptions } from '../api/get-project-options';

/** The select's value for a ticket about no project (product §2.13: a user who cannot add one can still ask). */
const GENERAL = 'general';
export const GENERAL_LABEL = 'General question (no project)';
/** Typing settles for this long before the server is asked (as the alert form's pool select). */
export const PROJECT_SEARCH_DEBOUNCE_MS = 250;

export function projectOptionLabel(project: Pick<Project, 'name' | 'token_symbol'>): string {
  return `${project.name} (${project.token_symbol})`;
}

/** Product §4 lists the ticket messages as subject, message, project: the first failure in that order shows. */
const FIELD_ORDER = ['subject', 'message', 'project'] as const;
type FormField = (typeof FIELD_ORDER)[number];

/** The newest projects (the select's first page without a search): the preselection and 'no projects yet'. */
interface ProjectsState {
  first: Project | undefined;
  isPending: boolean;
  isError: boolean;
}

export interface CreateTicketDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Product §2.13: project, subject and message; resets on open; on success closes and reloads the list.
 * The project is a searchable select over the server's paged list, so any project can be chosen.
 */
export function CreateTicketDialog({ open, onOpenChange }: CreateTicketDialogProps) {
  const formId = useId();
  const createTicket = useCreateTicket();
  // The same request the select makes first (unsearched), shared through the cache.
  const newest = useInfiniteQuery({ ...ticketProjectOptionsQueryOptions(''), enabled: open });
  const projects: ProjectsState = {
    first: newest.data?.pages[0]?.projects[0],
    isPending: newest.isPending,
    isError: newest.isError && !newest.data,
  };
  const loadingProjects = projects.isPending;
  const noProjects = !loadingProjects && !projects.isError && projects.first === undefined;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onDismiss={createTicket.reset}
      title="Create Support Ticket"
      description="Describe your issue and our support team will get back to you."
      onEscapeKeyDown={keepDialogOpenForOpenList}
      pending={createTicket.isPending}
      formId={formId}
      submitDisabled={loadingProjects}
      submitLabel="Create Ticket"
      pendingLabel="Submitting..."
    >
      <CreateTicketForm
        formId={formId}
        projects={projects}
        noProjects={noProjects}
        createTicket={createTicket}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
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
  const [projectLabel, setProjectLabel] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ field: FormField | null; message: string } | null>(null);
  const pending = createTicket.isPending;
  const ids: Record<FormField, string> = {
    project: `${formId}-project`,
    subject: `${formId}-subject`,
    message: `${formId}-message`,
  };

  // The newest project is preselected as soon as it is there; without any, a general question.
  const firstProject = projects.first;
  useEffect(() => {
    if (project) return;
    if (firstProject !== undefined) {
      setProject(String(firstProject.id));
      setProjectLabel(projectOptionLabel(firstProject));
    } else if (noProjects || projects.isError) {
      setProject(GENERAL);
      setProjectLabel(GENERAL_LABEL);
    }
  }, [project, firstProject, noProjects, projects.isError]);

  useEffect(() => {
    if (error?.field) document.getElementById(ids[error.field])?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus once per failure
  }, [error]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || projects.isPending) return;
    const parsed = createTicketBodySchema.safeParse({
      project: project === GENERAL ? null : project || undefined,
      subject,
      message,
    });
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
      {noProjects && (
        <Alert tone="info">You don't have any projects yet: your ticket will be a general question.</Alert>
      )}

      <Field id={ids.project} label="Project" error={errorFor('project')}>
        <ProjectSelect
          id={ids.project}
          value={project}
          label={projectLabel}
          disabled={pending}
          aria-invalid={errorFor('project') ? true : undefined}
          aria-describedby={describedBy(ids.project, { error: !!errorFor('project') })}
          onChange={(value, label) => {
            setProject(value);
            setProjectLabel(label);
            clear('project');
          }}
        />
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

interface ProjectSelectProps {
  id: string;
  /** A project id, GENERAL or '' (nothing yet). */
  value: string;
  label: string;
  disabled: boolean;
  onChange: (value: string, label: string) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** The ticket's project, searched on the server; 'General question (no project)' heads the unsearched list. */
function ProjectSelect({
  id,
  value,
  label,
  disabled,
  onChange,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: ProjectSelectProps) {
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, PROJECT_SEARCH_DEBOUNCE_MS);
  const options = useInfiniteQuery(ticketProjectOptionsQueryOptions(debounced));
  const projects = options.data?.pages.flatMap((page) => page.projects) ?? [];
  const stale = debounced !== trimmed || options.isPlaceholderData;
  // null: the general question, always choosable while nothing is typed.
  const shown: (Project | null)[] = trimmed === '' ? [null, ...projects] : projects;

  return (
    <SearchableSelect<Project | null>
      id={id}
      selectedKey={value || null}
      selectedLabel={label}
      onSelect={(project) =>
        project ? onChange(String(project.id), projectOptionLabel(project)) : onChange(GENERAL, GENERAL_LABEL)
      }
      query={query}
      onQueryChange={setQuery}
      options={shown}
      getKey={(project) => (project ? String(project.id) : GENERAL)}
      getLabel={(project) => (project ? projectOptionLabel(project) : GENERAL_LABEL)}
      renderOption={(project) =>
        project ? (
          <>
            <span className="block truncate font-medium">{project.name}</span>
            <span className="block truncate text-xs text-slate-500">{project.token_symbol}</span>
          </>
        ) : (
          <span className="block truncate font-medium">{GENERAL_LABEL}</span>
        )
      }
      listLabel="Search results"
      placeholder={options.isPending ? 'Loading projects...' : 'Search projects by name, symbol or address'}
      loading={options.isPending}
      stale={stale}
      error={
        options.isError ? (serverMessage(options.error) ?? 'Projects could not be loaded. Please try again.') : null
      }
      hasMore={options.hasNextPage}
      loadingMore={options.isFetchingNextPage}
      onLoadMore={() => void options.fetchNextPage()}
      noMatchText={(text) => `No projects match "${text}"`}
      emptyText="You have no projects yet"
      leadingOptions={shown.length - projects.length}
      disabled={disabled}
      aria-invalid={ariaInvalid}
      aria-describedby={ariaDescribedBy}
    />
  );
}
