import type { Log } from 'viem';
import type { TraderReader } from './traders';

/**
 * Longest a slice waits for its senders before it is stored without them. A local node answers a
 * slice's receipts in a fraction of a second; past this something is wrong with it, and the events
 * are what the screens wait for.
 */
export const SLICE_SENDERS_WAIT_MS = 5_000;

/**
 * A backfill's senders read with its slices (NetworkConfig.sendersWithSlices, decision 0081 point
 * 5): each slice's receipts are asked for as soon as its logs arrive, while the slice before it is
 * stored, and the slice waits for them so its events are inserted with their trader — no second
 * write of every row, and no backlog of senders left after the events. Bounded: a slice waits at
 * most `waitMs`; after one late read, or one whose node did not answer every block usably, the rest
 * of the tick stores its slices without waiting (reads under way still land in the reader's cache,
 * and the batches after the events read the rest, counting their attempts as decision 0033 says).
 */
export class SliceSenders {
  private off = false;

  constructor(
    private readonly traders: TraderReader,
    private readonly onProblem: (message: string) => void,
    private readonly waitMs = SLICE_SENDERS_WAIT_MS,
  ) {}

  /** Starts reading the senders of these logs' transactions; null once the tick has stopped waiting for them. */
  read(logs: readonly Log[]): Promise<{ senders: Map<string, string>; unread: number }> | null {
    if (this.off) return null;
    const txs = logs.map((l) => ({
      blockNumber: BigInt(l.blockNumber as unknown as string),
      txHash: String(l.transactionHash).toLowerCase(),
    }));
    const reading = this.traders.sendersOfSlice(txs);
    reading.catch(() => {}); // awaited by wait(); meanwhile not an unhandled rejection
    return reading;
  }

  /** The senders read for a slice, or none if they failed or did not come within the bound. */
  async wait(
    reading: Promise<{ senders: Map<string, string>; unread: number }> | null,
  ): Promise<ReadonlyMap<string, string>> {
    if (!reading || this.off) return new Map();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.waitMs);
    });
    try {
      const answer = await Promise.race([reading, late]);
      if (answer !== 'late') {
        if (answer.unread > 0) {
          this.off = true;
          this.onProblem(
            `the receipts of ${answer.unread} block(s) of a slice were not usable; this tick reads the rest of its senders after the events`,
          );
        }
        return answer.senders;
      }
      this.off = true;
      this.onProblem(
        `the senders of a slice took over ${this.waitMs} ms; this tick stores its slices without waiting for them`,
      );
    } catch (err) {
      this.off = true;
      this.onProblem(
        `the senders of a slice could not be read; read after the events instead: ${(err as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
    }
    return new Map();
  }
}
