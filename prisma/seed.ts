import { createDatabase, DEFAULT_DATABASE_URL, migrate, seedDemoContent } from "@studio/db";

const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
await migrate(url);
const db = await createDatabase(url);
try {
  const existing = await db.prisma.service.count();
  if (existing > 0 && !process.argv.includes("--force")) {
    console.log(
      `The database already has ${existing} services; run with --force to add the demo content again.`,
    );
  } else {
    await seedDemoContent(db.prisma);
    console.log("Demo content seeded: services, portfolio items and approved testimonials.");
  }
} finally {
  await db.close();
}
