// Loaded on demand by login(): the schema library must be configured before any schema is built.
import '../../../lib/zod-config';

export { loginResponseSchema } from '@tokendesk/contract';
