import { runMigrations } from "@/lib/db/migrate";

// Standalone: one connection, timing, exit code (the shape of vercel/ai-chatbot's migrate.ts).
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("migrate: DATABASE_URL is not set");
  process.exit(1);
}
const started = Date.now();
runMigrations(url)
  .then(() => {
    console.log(`migrate: done in ${Date.now() - started} ms`);
    process.exit(0);
  })
  .catch((err) => {
    console.error("migrate: failed", err);
    process.exit(1);
  });
