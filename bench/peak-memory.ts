/**
 * The highest resident set size seen while `work` runs, sampled every few milliseconds (the
 * work must leave the event loop turns, as sharp and worker threads do), in bytes above what
 * the process held when it began.
 */
export async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakBytes: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 2);
  try {
    const value = await work();
    sample();
    return { value, peakBytes: peak - before };
  } finally {
    clearInterval(timer);
  }
}
