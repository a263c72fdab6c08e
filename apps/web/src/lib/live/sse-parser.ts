/**
 * A text/event-stream parser (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 * The stream is read with fetch, not EventSource: EventSource cannot send the Authorization header
 * (the session token must not go into the URL, where a proxy would log it), and its fixed retry is
 * replaced by our own backoff. Chunks may split a line or a character anywhere; the parser keeps
 * what is not a whole line yet.
 */
export interface SseMessage {
  /** 'message' when the server named none. */
  event: string;
  data: string;
  /** The last id seen on the stream so far (sent back as Last-Event-ID), or null. */
  lastEventId: string | null;
}

export interface SseParser {
  /** Feeds decoded text; returns the messages it completed. */
  push(text: string): SseMessage[];
}

/** No message may grow without bound: a server (or a proxy) that never ends one is cut off. */
export const SSE_MAX_MESSAGE_CHARS = 64 * 1024;

export class SseMessageTooLarge extends Error {
  constructor() {
    super('A live-stream message exceeded the size limit.');
    this.name = 'SseMessageTooLarge';
  }
}

export function createSseParser(initialLastEventId: string | null = null): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let dataChars = 0;
  let lastEventId = initialLastEventId;
  let pendingCr = false;

  function line(text: string, out: SseMessage[]) {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n'), lastEventId });
      event = '';
      data = [];
      dataChars = 0;
      return;
    }
    if (text.startsWith(':')) return; // a comment: the heartbeat
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      dataChars += value.length;
      if (dataChars > SSE_MAX_MESSAGE_CHARS) throw new SseMessageTooLarge();
      data.push(value);
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    // 'retry' is ignored on purpose: the reconnect schedule is ours (backoff.ts).
  }

  return {
    push(text) {
      const out: SseMessage[] = [];
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char === '\n' && pendingCr) {
          // The second half of a CRLF split or not: the line ended at the CR.
          pendingCr = false;
          start = i + 1;
          continue;
        }
        pendingCr = false;
        if (char === '\r' || char === '\n') {
          line(buffer.slice(start, i), out);
          pendingCr = char === '\r';
          start = i + 1;
        }
      }
      buffer = buffer.slice(start);
      if (buffer.length > SSE_MAX_MESSAGE_CHARS) throw new SseMessageTooLarge();
      return out;
    },
  };
}
