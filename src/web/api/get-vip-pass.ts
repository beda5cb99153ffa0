import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { VipPass, VipPassReply } from '#contract/passes.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/vip-pass: the viewer's pass while it plays, and the offer. */
export const vipPassQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID, 'vip-pass'] as const,
    queryFn: ({ signal }) => apiRequest<VipPassReply>(`/api/user/${VIEWER_USER_ID}/vip-pass`, { signal }),
    ...userDataFreshness,
  });

/**
 * Read by the browser only: pages rendered on the server are everyone's. `waitForPass`: back from paying, asked
 * again every 2 seconds until the payment provider's event has started the pass.
 */
export function useVipPass({ waitForPass = false } = {}) {
  return useQuery({
    ...vipPassQueryOptions(),
    enabled: !import.meta.env.SSR,
    refetchInterval: (query) => (waitForPass && !vipPlays(query.state.data?.pass) ? 2000 : false),
  });
}

/** Whether the pass plays every episode now (the server decides; this only keeps the screen in step). */
export const vipPlays = (pass: VipPass | null | undefined) =>
  pass !== null && pass !== undefined && Date.parse(pass.currentPeriodEnd) > Date.now();

/** True while the viewer's VIP pass plays every episode. */
export function useVipPlays() {
  return vipPlays(useVipPass().data?.pass);
}
