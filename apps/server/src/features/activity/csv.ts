import { activityCsvColumns } from '@tokendesk/contract';
import { csvHeaderRow } from '../../lib/csv';

export { csvHex, csvNumber, csvOptionalNumber, csvRow, csvText, csvTime, csvWord } from '../../lib/csv';

export const csvHeader = (): string => csvHeaderRow(activityCsvColumns);
