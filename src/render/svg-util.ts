/** Small string helpers for building SVG; numbers rounded to 0.1 px to keep files short. */
export const n1 = (v: number): string => String(Math.round(v * 10) / 10);

export const rect = (
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra = "",
): string =>
  `<rect x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(h)}" fill="${fill}"${extra}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = ""): string =>
  `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}" fill="${fill}"${extra}/>`;
