/** The generated documents and what renders each: `npm run docs` writes them, a test compares them. */
import { CONFIGURATION_DOC, renderConfigurationDoc } from './config-doc';
import { DECISIONS_INDEX, renderDecisionsIndex } from './decisions-index';

export const GENERATED: ReadonlyArray<{ file: string; render: () => string }> = [
  { file: CONFIGURATION_DOC, render: renderConfigurationDoc },
  { file: DECISIONS_INDEX, render: renderDecisionsIndex },
];
