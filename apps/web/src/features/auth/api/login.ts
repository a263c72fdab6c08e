import type { LoginResponse } from '@tokendesk/contract';
import { signInRoute } from '@tokendesk/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall, ApiError } from '../../../lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
  /** 'Remember me': the server issues a longer session and the token goes to localStorage. */
  remember: boolean;
}

/**
 * GET user/login/ with HTTP Basic; the server never sends WWW-Authenticate, so no browser popup.
 * The answer is still checked against the contract's schema, but the schema library is fetched only
 * when the user signs in: the sign-in page itself loads no zod (docs/decisions/0013). The signed-in
 * app needs that chunk next anyway.
 */
export async function login({ username, password, remember }: LoginInput): Promise<LoginResponse> {
  // A chunk that cannot be fetched is a network failure like any other.
  const { loginResponseSchema } = await import('./login-schema').catch(() => {
    throw new ApiError(0, null);
  });
  return apiCall(
    signInRoute,
    { query: { remember: String(remember) } },
    { credentials: { kind: 'basic', username, password }, schema: loginResponseSchema },
  );
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
