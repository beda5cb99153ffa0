import { useMutation } from '#web/lib/query/use-mutation.ts';
import type { Account } from '#contract/accounts.ts';
import { useAfterAccountChange } from '#web/api/account.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** "Download my data": the server answers with the file to save. */
export const MY_DATA_URL = '/api/account/data';

/** Deletes this account; the browser is a new, empty guest, and what it read of the account is read again. */
export function useDeleteAccount() {
  const afterAccountChange = useAfterAccountChange();
  return useMutation({
    mutationFn: () => apiRequest<Account>('/api/account', { method: 'DELETE' }),
    onSuccess: afterAccountChange,
  });
}
