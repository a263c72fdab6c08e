/**
 * The baseline of the API bench: a bare Fastify app (no plugins, no auth, no database) whose
 * routes answer a static JSON body of a given size. Run as its own process, like the real server.
 *
 *   BASELINE_PORT=4425 BASELINE_SIZES='{"projects":5120}' node --import tsx bench/api/baseline-server.ts
 *
 * GET /baseline/<name> answers exactly BASELINE_SIZES[name] bytes of JSON.
 */
import Fastify from 'fastify';

/** A JSON object of exactly `bytes` bytes (at least 12). */
function staticJson(bytes: number): string {
  const frame = '{"pad":""}';
  return `{"pad":"${'x'.repeat(Math.max(0, bytes - frame.length))}"}`;
}

const port = Number(process.env.BASELINE_PORT);
const sizes = JSON.parse(process.env.BASELINE_SIZES ?? '{}') as Record<string, number>;
const app = Fastify({ logger: false });
for (const [name, bytes] of Object.entries(sizes)) {
  const body = staticJson(bytes);
  app.get(`/baseline/${name}`, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port, host: '127.0.0.1' });
console.log(`baseline listening on ${port}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
