import { createHmac } from "node:crypto";

/**
 * How a player checks the dice once the seed is revealed, written apart from
 * src/services/dice.ts on purpose: the bytes of HMAC-SHA256(seed, "<second part> 0"),
 * HMAC(seed, "<second part> 1"), ... in a row (just "0", "1", ... for a game older than the
 * second part), bytes from 252 up dropped, each kept byte b a die 1 + (b mod 6).
 * Returns the first `count` dice and how many stream bytes they took.
 */
export function playerDice(
  seedHex: string,
  count: number,
  secondPart: string | null,
): { dice: number[]; bytesRead: number } {
  const key = Buffer.from(seedHex, "hex");
  const dice: number[] = [];
  let bytesRead = 0;
  for (let block = 0; dice.length < count; block++) {
    const text = secondPart === null ? `${block}` : `${secondPart} ${block}`;
    for (const b of createHmac("sha256", key).update(text).digest()) {
      if (dice.length === count) break;
      bytesRead++;
      if (b < 252) dice.push(1 + (b % 6));
    }
  }
  return { dice, bytesRead };
}
