import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server at `baseUrl` (loopback only: a benchmark never
 * writes anywhere else), with the way to drop it at the end.
 */
export async function temporaryPostgres(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(base.hostname)) {
    throw new Error('--postgres must point at a loopback address');
  }
  const name = `reeltime_bench_${process.pid}_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
