import { describe, expect, it } from 'vitest';
import { SSE_MAX_MESSAGE_CHARS, SseMessageTooLarge, createSseParser } from './sse-parser';

describe('the text/event-stream parser of the live stream', () => {
  it('reads id, event and data, skips heartbeat comments, keeps the last id', () => {
    const parser = createSseParser();
    const text =
      ': ping\n\nid: 41\nevent: change\ndata: {"topic":"lists"}\n\n: ping\n\nid: 42\nevent: change\ndata: {"topic":"notifications"}\n\n';
    expect(parser.push(text)).toEqual([
      { event: 'change', data: '{"topic":"lists"}', lastEventId: '41' },
      { event: 'change', data: '{"topic":"notifications"}', lastEventId: '42' },
    ]);
  });

  it('joins messages split anywhere across chunks, CRLF split included', () => {
    const parser = createSseParser('7');
    const text = 'event: change\r\ndata: {"topic":\r\ndata: "reset"}\r\n\r\ndata: x\n\n';
    const out = [];
    for (const char of text) out.push(...parser.push(char));
    expect(out).toEqual([
      { event: 'change', data: '{"topic":\n"reset"}', lastEventId: '7' },
      { event: 'message', data: 'x', lastEventId: '7' },
    ]);
  });

  it('cuts off a message that never ends instead of buffering it without bound', () => {
    const parser = createSseParser();
    expect(() => parser.push(`data: ${'x'.repeat(SSE_MAX_MESSAGE_CHARS + 1)}\n`)).toThrow(SseMessageTooLarge);
    const endless = createSseParser();
    expect(() => endless.push('x'.repeat(SSE_MAX_MESSAGE_CHARS + 1))).toThrow(SseMessageTooLarge);
  });
});
