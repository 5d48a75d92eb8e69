// Every test file starts from a migrated, seeded D1 (the same seed `npm run dev` applies).
import { applyD1Migrations, env } from "cloudflare:test";
import { referenceDataStatements } from "../../app/server/db/seed.server";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(referenceDataStatements().map((sql) => env.DB.prepare(sql)));
