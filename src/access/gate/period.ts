/** The quota period: a calendar month in UTC. */

export interface Period {
  /** `YYYY-MM`: the key of the period's usage counter. */
  id: string;
  /** First millisecond of the month, UTC. */
  startMs: number;
  /** First millisecond of the next month: the moment the quota resets. */
  endMs: number;
}

export function periodAt(nowMs: number): Period {
  const date = new Date(nowMs);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid time in milliseconds: ${nowMs}`);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    id: `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}`,
    startMs: Date.UTC(year, month, 1),
    // Date.UTC carries month 12 over into January of the next year.
    endMs: Date.UTC(year, month + 1, 1),
  };
}
