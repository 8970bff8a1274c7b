import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ServerCall } from '../server';

/**
 * The `data:` payloads of a server-sent event stream, up to `data: [DONE]`. A body that ends before
 * `[DONE]` was cut (a dropped connection, a crashed server): that is an error, not a short answer.
 */
export async function* readSse(res: Response, call: ServerCall): AsyncGenerator<string> {
  if (!res.body) throw new Error('the server sent no stream');
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      call.touch();
      parser.feed(decoder.decode(value, { stream: true }));
      for (let e = events.shift(); e; e = events.shift()) {
        if (e.data === '[DONE]') return;
        if (e.event === 'error') throw new Error(`the stream reported an error: ${e.data}`);
        yield e.data;
      }
    }
    throw new Error('the stream ended before [DONE]');
  } finally {
    // Leaving early (a cancel, or the consumer stopped) must free the socket.
    await reader.cancel().catch(() => undefined);
  }
}
