/**
 * A simple match equity table: the chance to win a match from a-away vs b-away, from a
 * cubeless model (each game an even 50%, a gammon in GAMMON_RATE of the wins) with the
 * Crawford game played cubeless and the trailer doubling at once after it. Good enough to
 * move take points and gammon values with the score; not a published table.
 */
const GAMMON_RATE = 0.2;
const MAX = 128;

/** pre[a][b]: before any Crawford game; a side reaching 1-away triggers it. */
const pre: number[][] = [];
/** post[b]: the leader is 1-away after the Crawford game, the trailer b-away. */
const post: number[] = [];

function postCrawford(b: number): number {
  if (b <= 0) return 0;
  if (b === 1) return 0.5;
  const cached = post[b];
  if (cached !== undefined) return cached;
  const g = GAMMON_RATE;
  // The trailer doubles at once and the leader takes: every game is worth twice as much.
  const v = 0.5 + 0.5 * ((1 - g) * postCrawford(b - 2) + g * postCrawford(b - 4));
  post[b] = v;
  return v;
}

/** The leader 1-away plays the Crawford game (no cube) against b-away. */
function crawfordGame(b: number): number {
  if (b <= 0) return 0;
  if (b === 1) return 0.5;
  const g = GAMMON_RATE;
  return 0.5 + 0.5 * ((1 - g) * postCrawford(b - 1) + g * postCrawford(b - 2));
}

function preCrawford(a: number, b: number): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  if (a === 1) return crawfordGame(b);
  if (b === 1) return 1 - crawfordGame(a);
  const row = pre[a] ?? [];
  pre[a] = row;
  const cached = row[b];
  if (cached !== undefined) return cached;
  const g = GAMMON_RATE;
  const v =
    0.5 * ((1 - g) * preCrawford(a - 1, b) + g * preCrawford(a - 2, b)) +
    0.5 * ((1 - g) * preCrawford(a, b - 1) + g * preCrawford(a, b - 2));
  row[b] = v;
  return v;
}

/**
 * My chance to win the match when I need `a` more points and the opponent `b`, at the start
 * of a game. `crawfordDone`: a side has already been 1-away (so no Crawford game is due).
 */
export function matchEquity(a: number, b: number, crawfordDone: boolean): number {
  const x = Math.min(a, MAX);
  const y = Math.min(b, MAX);
  if (x <= 0) return 1;
  if (y <= 0) return 0;
  // postCrawford is the leader's chance.
  if (crawfordDone && x === 1) return postCrawford(y);
  if (crawfordDone && y === 1) return 1 - postCrawford(x);
  return preCrawford(x, y);
}
