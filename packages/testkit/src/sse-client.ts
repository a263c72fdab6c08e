import http from 'node:http';

/** One message of a text/event-stream as a client sees it. */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  /** A comment line (': ping'). */
  comment?: string;
}

/**
 * A plain HTTP client of GET /api/v1/stream/ (a real socket, as a browser's fetch would hold it):
 * collects the messages as they arrive and can wait for one.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  body = '';
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private req: http.ClientRequest | null = null;
  res: http.IncomingMessage | null = null;

  static open(baseUrl: string, headers: Record<string, string>): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      client.req = http.get(
        `${baseUrl}/api/v1/stream/`,
        { headers: { accept: 'text/event-stream', ...headers } },
        (res) => {
          client.res = res;
          client.status = res.statusCode ?? 0;
          client.headers = res.headers;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => client.feed(chunk));
          const end = () => {
            client.ended = true;
            client.wake();
          };
          res.on('end', end);
          res.on('close', end);
          res.on('error', end);
          resolve(client);
        },
      );
      client.req.on('error', reject);
    });
  }

  /** The change messages (data parsed). */
  changes(): Record<string, unknown>[] {
    return this.messages
      .filter((m) => m.event === 'change' && m.data)
      .map((m) => JSON.parse(m.data!) as Record<string, unknown>);
  }

  async waitFor(predicate: (c: SseClient) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out; got ${JSON.stringify(this.messages)}${this.ended ? ' (stream ended)' : ''}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.req?.destroy();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  private feed(chunk: string): void {
    this.body += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message: SseMessage = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) message.comment = line.slice(1).trim();
        else {
          const colon = line.indexOf(':');
          const field = line.slice(0, colon);
          const value = line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id' || field === 'event' || field === 'data') message[field] = value;
        }
      }
      this.messages.push(message);
    }
    this.wake();
  }
}
