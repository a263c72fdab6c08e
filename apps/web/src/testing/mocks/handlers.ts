import { dexOptionSchema, emailOptionsSchema, networkSchema, tokenOptionSchema, unreadCountSchema } from '@tokendesk/contract';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { API_BASE } from '../../lib/api-client';
import { devnet, devnetDexes, devnetTokens } from '../data-generators';
import { api } from './api';

/**
 * What every signed-in screen asks for besides its own data (the header's bell, the live stream,
 * the e-mail options), answered as a quiet server would. A test overrides any of them (server.use).
 */
export const baseHandlers = [
  api.get('/projects/notifications/new-count/', unreadCountSchema, () => ({ unread_count: 0 })),
  api.get('/projects/networks/', z.array(networkSchema), () => [devnet]),
  api.get('/projects/network/:id/dex-options/', z.array(dexOptionSchema), ({ params }) => (Number(params.id) === devnet.id ? devnetDexes : [])),
  api.get('/projects/network/:id/token-options/', z.array(tokenOptionSchema), ({ params }) => (Number(params.id) === devnet.id ? devnetTokens : [])),
  api.get('/auth/options/', emailOptionsSchema, () => ({ email_configured: true, support_contact: null })),
  // The live stream opens and stays quiet: no change is pushed unless a test sends one. The
  // unmount at the end of each test aborts it.
  http.get(`*${API_BASE}/stream/`, () => new HttpResponse(new ReadableStream({ start() {} }), { headers: { 'Content-Type': 'text/event-stream' } })),
];
