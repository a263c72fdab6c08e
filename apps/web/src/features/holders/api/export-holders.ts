import { api } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export interface ExportHoldersInput {
  projectId: number;
  /** Used when the server does not name the file. */
  fallbackName: string;
}

/** GET projects/{id}/holders/export/ → every holder as CSV, largest first (a plain link cannot send the bearer token). */
export function exportHolders({ projectId }: ExportHoldersInput) {
  return apiFile(api.holders.export, { params: { id: projectId } });
}

export function useExportHolders() {
  return useMutation({
    mutationFn: exportHolders,
    onSuccess: (file, input) => saveFile(file.blob, file.filename ?? input.fallbackName),
  });
}
