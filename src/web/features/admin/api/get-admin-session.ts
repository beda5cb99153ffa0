import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminSessionReply } from '../../../../contract/auth.ts';
import type { SignedInOperator } from '../../../../contract/operators.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSessionQueryKey, signedInOperatorQueryKey } from './query-keys.ts';

export type AdminSession = z.infer<typeof adminSessionReply>;

/** The server decides whether the operator is signed in; asked again each time the dashboard opens. */
export function useAdminSession() {
  return useQuery<AdminSession>({ queryKey: adminSessionQueryKey, staleTime: 0 });
}

/** Who is signed in (name and role), asked once the session is known to be live. */
export function useSignedInOperator(enabled: boolean) {
  return useQuery<SignedInOperator>({
    queryKey: signedInOperatorQueryKey,
    queryFn: ({ signal }) => apiRequest<SignedInOperator>('/api/admin/me', { signal }),
    enabled,
    staleTime: 0,
  });
}
