/**
 * The generated documents and what renders each: `npm run docs` writes them, a test compares them.
 * `render` gets the file's current text: a document generated in part keeps its hand-written rest.
 */
import { CONFIGURATION_DOC, renderConfigurationDoc } from './config-doc';
import { DECISIONS_INDEX, renderDecisionsIndex } from './decisions-index';
import { NETWORKS_DOC, renderNetworksDoc } from './networks-table';

export const GENERATED: ReadonlyArray<{ file: string; render: (current: string) => string }> = [
  { file: CONFIGURATION_DOC, render: () => renderConfigurationDoc() },
  { file: DECISIONS_INDEX, render: () => renderDecisionsIndex() },
  { file: NETWORKS_DOC, render: renderNetworksDoc },
];
