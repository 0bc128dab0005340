/** Reading a PostgreSQL URL without connecting: what is wrong with it, and how a log shows it. */

/** The URL as a log line may show it: no password, no query (which may hold one). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : "";
    return `${u.protocol}//${user}${u.host}${u.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/** Whether `url` names a PostgreSQL server; the reason it does not, otherwise. */
export function postgresUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "is not a URL";
  }
  if (u.protocol !== "postgres:" && u.protocol !== "postgresql:")
    return `must start with postgres:// (got ${u.protocol}//)`;
  if (!u.hostname && !u.searchParams.get("host")) return "names no server";
  return null;
}

/** A database URL's password (in its user part or its query), which no log line may show. */
export function passwordOf(url: string): string {
  try {
    const u = new URL(url);
    return decodeURIComponent(u.password) || (u.searchParams.get("password") ?? "");
  } catch {
    return "";
  }
}
