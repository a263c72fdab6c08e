import fs from 'node:fs/promises';
import path from 'node:path';
import { api, type LegalDocument, type LegalDocumentKind } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_LEGAL_TEXTS } from './default-texts';
import { route } from '../../plugins/endpoint-routes';

/** An operator's text longer than this is cut: the page is for reading, not for storing documents. */
const MAX_CHARS = 100_000;

/** Where the operator puts their own text (docs/operations.md: 'Terms of Service and Privacy Policy'). */
export const legalFile = (dataDir: string, kind: LegalDocumentKind) => path.join(dataDir, 'legal', `${kind}.md`);

/**
 * The operator's file when there is one, read on every request so that a replaced text shows at once,
 * without a restart; else the shipped text. A file that cannot be read (permissions, a directory)
 * falls back too, and says so in the log rather than take the page down.
 */
async function legalDocument(
  dataDir: string,
  kind: LegalDocumentKind,
  warn: (message: string) => void,
): Promise<LegalDocument> {
  const shipped = DEFAULT_LEGAL_TEXTS[kind];
  let text: string;
  try {
    text = await fs.readFile(legalFile(dataDir, kind), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      warn(
        `${legalFile(dataDir, kind)} could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): the shipped ${shipped.title} is shown.`,
      );
    return { kind, ...shipped, customized: false };
  }
  const trimmed = text
    .replace(/^\uFEFF/, '')
    .trim()
    .slice(0, MAX_CHARS);
  if (trimmed === '') return { kind, ...shipped, customized: false };
  return { kind, title: shipped.title, text: trimmed, customized: true };
}

export const legalRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, { dataDir }) => {
  route(app, api.legal.document, async (request) =>
    legalDocument(dataDir, request.params.kind, (message) => request.log.warn(message)),
  );
};
