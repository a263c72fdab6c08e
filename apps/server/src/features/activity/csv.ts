import { activityCsvColumns } from '@tokendesk/contract';
import { csvRow } from '../../lib/csv';

export { csvField, csvRow, csvText } from '../../lib/csv';

export const csvHeader = (): string => csvRow([...activityCsvColumns]);
