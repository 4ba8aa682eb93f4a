import type { TestApp } from './test-app';

/**
 * Every table of the app's schema as "<rows> rows <digest of every row>": any insert, update or
 * delete, in any table present or future, changes it. Left out: the migrations, and the budgets'
 * counts, which a refused request changes by being counted.
 */
export async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables: { name: string }[] = await t.db.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT IN ('migrations', 'rate_limits')
      ORDER BY table_name`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const [{ rows, digest }] = await t.db.query(
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '-') AS digest
         FROM "${name}" r`,
    );
    fingerprint[name] = `${rows} rows ${digest}`;
  }
  return fingerprint;
}

/**
 * Runs a request that must be refused and proves it left no trace: no table changed and the SMTP
 * sink received nothing (mail is sent before the answer, so none can arrive late).
 */
export async function expectNoWrites<T>(t: TestApp, send: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint(t);
  const mailsBefore = t.smtp.mails.length;
  const response = await send();
  expect(await databaseFingerprint(t)).toEqual(before);
  expect(t.smtp.mails.length).toBe(mailsBefore);
  return response;
}
