/**
 * bench:api --users N (issue 36): N distinct users, each with a copy of the bench user's 20
 * projects and 50 pools (rows of their own: other ids, their own user id) and a bearer session of
 * their own, so the load spreads over N users' sessions, answers and budgets as a server with many
 * open dashboards sees it. Made in the database directly, one statement per user: N registrations
 * through the API would be N password hashes (and the registration limits would refuse them), and
 * N × 70 creations would read the chain 70,000 times; the rows are what those calls would have
 * written, so what the routes read is the same.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

// The row copies go through jsonb so that every column is copied without naming it here (the schema
// keeps growing); ids come from each table's own sequence. The foreign keys are checked at the end
// of the statement, when the user and its projects exist.
const COPY_USER = `
WITH u AS (
  INSERT INTO users
  SELECT (jsonb_populate_record(NULL::users, to_jsonb(s) || jsonb_build_object(
    'id', nextval(pg_get_serial_sequence('users', 'id')), 'username', $2::text, 'email', $3::text))).*
  FROM users s WHERE s.id = $1
  RETURNING id
), pr AS (
  SELECT p.id AS old_id, nextval(pg_get_serial_sequence('projects', 'id')) AS new_id FROM projects p WHERE p.user_id = $1
), np AS (
  INSERT INTO projects
  SELECT (jsonb_populate_record(NULL::projects, to_jsonb(p) || jsonb_build_object('id', pr.new_id, 'user_id', (SELECT id FROM u)))).*
  FROM projects p JOIN pr ON pr.old_id = p.id
  RETURNING id
), npo AS (
  INSERT INTO pools
  SELECT (jsonb_populate_record(NULL::pools, to_jsonb(o) || jsonb_build_object(
    'id', nextval(pg_get_serial_sequence('pools', 'id')), 'user_id', (SELECT id FROM u), 'project_id', pr.new_id))).*
  FROM pools o JOIN pr ON pr.old_id = o.project_id WHERE o.user_id = $1
  RETURNING id
)
INSERT INTO sessions (user_id, token_hash, remember, expires_at)
SELECT id, $4, false, now() + interval '1 day' FROM u
RETURNING user_id, (SELECT count(*) FROM np) AS projects, (SELECT count(*) FROM npo) AS pools`;

/** N copies of the user `username` (found by name); answers each copy's bearer token. */
export async function copyBenchUser(databaseUrl: string, username: string, n: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('select id from users where username = $1', [username]);
    const source = rows[0]?.id;
    if (source === undefined) throw new Error(`copyBenchUser: no user ${username}`);
    const tokens: string[] = [];
    // One transaction: a commit per user would wait for a WAL flush 1,000 times.
    await client.query('begin');
    for (let i = 0; i < n; i++) {
      const token = randomBytes(32).toString('base64url');
      const name = `${username}_copy${i}`;
      const made = await client.query<{ projects: string; pools: string }>(COPY_USER, [
        source,
        name,
        `${name}@example.com`,
        createHash('sha256').update(token).digest('hex'),
      ]);
      const row = made.rows[0];
      if (!row || Number(row.projects) !== 20 || Number(row.pools) !== 50)
        throw new Error(`copyBenchUser: copy ${i} has ${row?.projects} projects, ${row?.pools} pools`);
      tokens.push(token);
    }
    await client.query('commit');
    return tokens;
  } finally {
    await client.end();
  }
}
