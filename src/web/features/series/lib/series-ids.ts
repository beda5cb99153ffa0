/** A list of series ids (the liked, the saved) with one series in it or out of it, each id once. */
export const withSeries = (ids: readonly number[] = [], seriesId: number, included: boolean) =>
  included ? [...new Set([...ids, seriesId])] : ids.filter((id) => id !== seriesId);
