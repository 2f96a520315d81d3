import { expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database";

/**
 * A connection that dies while checked out between two queries (the alert outbox holds one while
 * it sends a mail; a restart of the embedded PostgreSQL kills it) must not crash the process:
 * node-postgres emits 'error' on the client, and an event without a listener is thrown.
 */
it("reports a checked-out connection that died by its next query, and the pool goes on", async () => {
  const database = await createTestDatabase();
  try {
    const client = await database.pool.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    await database.pool.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
    // The server closes the socket: the client's 'error' event arrives while it is idle.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(client.query("select 1")).rejects.toThrow();
    client.release();
    const again = await database.pool.query<{ one: number }>("select 1 as one");
    expect(again.rows[0]?.one).toBe(1);
  } finally {
    await database.close();
  }
});
