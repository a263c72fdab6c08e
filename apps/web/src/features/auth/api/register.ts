import { userSchema, type RegisterBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const registerResponseSchema = z.object({ user: userSchema });

/** POST user/register/ → 201 {user}. The user signs in afterwards; no session is created here. */
export function register(body: RegisterBody) {
  return apiRequest('/user/register/', {
    method: 'POST',
    body,
    credentials: { kind: 'none' },
    schema: registerResponseSchema,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
