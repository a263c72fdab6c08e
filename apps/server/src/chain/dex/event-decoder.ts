import { decodeAbiParameters, toEventSelector, type AbiEvent, type AbiParameter, type Hex, type Log } from 'viem';

/**
 * An event's decoder with its selector and parameter lists worked out once. viem's decodeEventLog
 * looks the event up by hashing every ABI item's signature on each call; the indexer decodes tens of
 * thousands of logs per backfill, so the family adapters build these when the module loads and key
 * them by topic. A log of another shape (wrong number of indexed topics, short data) gives null, as
 * decodeEventLog's strict mode refuses it.
 */
export interface EventDecoder {
  topic: Hex;
  decode(log: Pick<Log, 'topics' | 'data'>): Record<string, unknown> | null;
}

export function eventDecoder(event: AbiEvent): EventDecoder {
  const topic = toEventSelector(event);
  const indexed = event.inputs.filter((p) => p.indexed);
  const plain = event.inputs.filter((p) => !p.indexed) as AbiParameter[];
  return {
    topic,
    decode(log) {
      if (log.topics.length !== indexed.length + 1 || log.topics[0] !== topic) return null;
      try {
        const args: Record<string, unknown> = {};
        indexed.forEach((p, i) => {
          args[p.name!] = decodeAbiParameters([p], log.topics[i + 1]!)[0];
        });
        const values = decodeAbiParameters(plain, log.data);
        plain.forEach((p, i) => {
          args[p.name!] = values[i];
        });
        return args;
      } catch {
        return null;
      }
    },
  };
}
