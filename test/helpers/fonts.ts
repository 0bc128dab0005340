import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/** Whether any font file is installed where fontconfig looks by default. */
export function fontFilesInstalled(): boolean {
  const dirs = ["/usr/share/fonts", "/usr/local/share/fonts", "/System/Library/Fonts"];
  dirs.push(path.join(homedir(), ".fonts"), path.join(homedir(), ".local/share/fonts"));
  return dirs.some(
    (d) =>
      existsSync(d) &&
      readdirSync(d, { recursive: true }).some((f) =>
        /\.(ttf|otf|ttc|pfb|pcf(\.gz)?)$/i.test(String(f)),
      ),
  );
}
