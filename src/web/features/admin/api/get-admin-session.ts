import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminSessionReply } from '../../../../contract/auth.ts';
import { adminSessionQueryKey } from './query-keys.ts';

export type AdminSession = z.infer<typeof adminSessionReply>;

/** The server decides whether the operator is signed in; asked again each time the dashboard opens. */
export function useAdminSession() {
  return useQuery<AdminSession>({ queryKey: adminSessionQueryKey, staleTime: 0 });
}
