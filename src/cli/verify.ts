import { readFileSync } from "node:fs";
import { verifyRecord } from "../services/records/verify.js";

/**
 * `npm run --silent verify -- record.txt`: checks a game record (`.mat` or text) against its
 * revealed dice seed and the dice's second part. Prints "dice verified" or the first
 * mismatch; exit status 0 or 1.
 */
const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: npm run --silent verify -- <record file>\n");
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file === "-" ? 0 : file, "utf8");
} catch (e) {
  process.stderr.write(`cannot read ${file}: ${(e as Error).message}\n`);
  process.exit(2);
}
const r = verifyRecord(text);
if (r.ok)
  process.stdout.write(
    r.salt === null
      ? `dice verified: ${r.rolls} rolls match the seed\n`
      : `dice verified: ${r.rolls} rolls match the seed and the second part ${r.salt}\n`,
  );
else process.stdout.write(`dice mismatch: ${r.reason}\n`);
process.exit(r.ok ? 0 : 1);
