import { z } from 'zod';
import { pathId } from './numbers';
import { projectMessages as m } from './projects/messages';

/*
 * Fields more than one concept's schemas use: exact decimals, contract addresses, path ids.
 */

export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

/** A decimal string: exact amounts travel as text, never as floats (product §3). */
export const decimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('Exact decimal number as a string');

export const addressField = z
  .string({ error: m.addressRequired })
  .trim()
  .min(1, m.addressRequired)
  .regex(ADDRESS_RE, m.addressInvalid);

/** A path id; a malformed one answers 400, a well-formed id of another user's item 404. */
export const idParamSchema = z.object({ id: pathId });
