/** A function's calls counted as they run: how many ran at the same time, at most. */
export function atOnce<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): { readonly fn: (...args: A) => Promise<R>; readonly most: () => number } {
  let now = 0;
  let most = 0;
  return {
    fn: async (...args: A) => {
      now++;
      most = Math.max(most, now);
      try {
        return await fn(...args);
      } finally {
        now--;
      }
    },
    most: () => most,
  };
}
