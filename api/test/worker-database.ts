/**
 * On a PostgreSQL server, each jest worker tests in a database of its own
 * (`<database>_w<worker>`, made by the run's global set-up), its files each in
 * a schema there. LISTEN channels belong to a database: two files running at
 * once on one database would hear each other's announcements.
 */
export function workerDatabaseUrl(url: string, worker: string | number): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  const suffix = `_w${worker}`;
  if (!name.endsWith(suffix)) parsed.pathname = `/${name}${suffix}`;
  return parsed.toString();
}
