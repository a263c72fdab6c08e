import { z } from 'zod';

export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENTS)[number];

export const legalParamsSchema = z.object({ kind: z.enum(LEGAL_DOCUMENTS) });

export const legalDocumentSchema = z
  .object({
    kind: z.enum(LEGAL_DOCUMENTS),
    title: z.string(),
    text: z
      .string()
      .describe(
        'Plain text: paragraphs separated by a blank line; a line starting with "# " is a heading. Shown as text, never as HTML.',
      ),
    customized: z
      .boolean()
      .describe("True when the server's operator replaced the shipped text (DATA_DIR/legal/<kind>.md)."),
  })
  .meta({ id: 'LegalDocument' });
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
