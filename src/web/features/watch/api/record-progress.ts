import { useCallback } from 'react';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import { progressQueryOptions } from '#web/api/get-progress.ts';
import { postKeptAlive } from '#web/lib/api-client.ts';

export interface ProgressReport {
  seriesId: number;
  episodeId: number;
  /** percent of the episode watched, 0-100 */
  progress: number;
  positionSeconds: number;
}

const PROGRESS_PATH = '/api/progress';

const bodyOf = (report: ProgressReport) =>
  JSON.stringify({
    userId: VIEWER_USER_ID,
    seriesId: report.seriesId,
    episodeId: report.episodeId,
    progress: Math.min(100, Math.max(0, Math.round(report.progress))),
    positionSeconds: Math.min(86_400, Math.max(0, Math.round(report.positionSeconds * 10) / 10)),
  });

/**
 * POST /api/progress. Sent with keepalive so that the last report, made while the page is being hidden or
 * left, still arrives (see docs/decisions/005-progress-reporting.md). Cookies and the JSON content type
 * travel as with every other call; a failed report is dropped, the next one carries the newer position.
 */
export async function recordProgress(report: ProgressReport): Promise<boolean> {
  const body = bodyOf(report);
  try {
    const response = await postKeptAlive(PROGRESS_PATH, body);
    return response.ok;
  } catch {
    // keepalive can be refused (too many bytes in flight while unloading): the beacon is the fallback.
    return navigator.sendBeacon?.(PROGRESS_PATH, new Blob([body], { type: 'application/json' })) ?? false;
  }
}

/** Reports progress; once a report has landed, the Continue list is refetched by whoever shows it. */
export function useRecordProgress() {
  const queryClient = useQueryClient();
  return useCallback(
    async (report: ProgressReport) => {
      const saved = await recordProgress(report);
      if (saved) void queryClient.invalidateQueries({ queryKey: progressQueryOptions().queryKey });
      return saved;
    },
    [queryClient],
  );
}
