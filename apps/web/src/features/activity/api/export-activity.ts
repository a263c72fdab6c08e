import { api } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { ActivityFilters } from './get-activity';

export interface ExportActivityInput extends ActivityFilters {
  /** Inclusive start, ISO 8601. */
  from: string;
  /** Exclusive end, ISO 8601. */
  to: string;
  /** Used when the server does not name the file. */
  fallbackName: string;
}

/** GET projects/activity/export/?project=&pool=&kind=&trader=&from=&to= → a CSV file. */
export async function exportActivity({ project, pool, kind, trader, from, to }: ExportActivityInput) {
  return apiFile(api.activity.export, {
    query: { project: project?.toString(), pool: pool?.toString(), kind, trader, from, to },
  });
}

/** Fetches the CSV with this tab's session and hands it to the browser as a download. */
export function useExportActivity() {
  return useMutation({
    mutationFn: exportActivity,
    onSuccess: (file, input) => saveFile(file.blob, file.filename ?? input.fallbackName),
  });
}
