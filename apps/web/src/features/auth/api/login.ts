import { loginResponseSchema, type LoginResponse } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
  /** 'Remember me': the server issues a longer session and the token goes to localStorage. */
  remember: boolean;
}

/** GET user/login/ with HTTP Basic; the server never sends WWW-Authenticate, so no browser popup. */
export function login({ username, password, remember }: LoginInput): Promise<LoginResponse> {
  return apiRequest('/user/login/', {
    query: { remember: String(remember) },
    credentials: { kind: 'basic', username, password },
    schema: loginResponseSchema,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
