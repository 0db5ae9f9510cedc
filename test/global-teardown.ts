import fs from 'node:fs/promises';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query(
    "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2",
    [`garibaldina_t${process.pid}_%`, process.env.TEST_PG_TEMPLATE],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.end();
  const embedded = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as
    | { db: { stop(): Promise<void> }; dir: string }
    | undefined;
  if (embedded) {
    await embedded.db.stop();
    await fs.rm(embedded.dir, { recursive: true, force: true });
  }
}
