import { api, type createProjectBodySchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { projectsRootKey } from '../../../lib/query-keys';

export type CreateProjectInput = z.output<typeof createProjectBodySchema>;

/** POST projects/create/ → 201 the new project; 400 (not a token, decimals mismatch), 409 duplicate, 503 node down. */
export function createProject(body: CreateProjectInput) {
  return apiCall(api.projects.create, { body });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsRootKey }),
  });
}
