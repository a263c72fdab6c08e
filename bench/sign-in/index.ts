/**
 * `npm run bench:signin` (product §16, decisions 0018 and 0054): a legitimate sign-in's latency
 * while a guessing attack runs. Two attacks:
 *
 *   npm run bench:signin -- [--attackers 40] [--ips 5] …    classic.ts: a few addresses, failure limits raised (the queue alone)
 *   npm run bench:signin -- --fresh [--attackers 120] [--ips 40] [--prefixes 1] …
 *                                                           fresh-addresses.ts: addresses never seen before, default limits
 */
import { flag } from '../lib/report';

await import(flag('fresh') ? './fresh-addresses' : './classic');
