import { DEFAULT_DATABASE_URL } from "../provider";
import { migrate } from "../migrate";

const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const { provider, applied } = await migrate(url);
console.log(
  applied.length
    ? `Applied ${applied.length} migration(s) on ${provider}: ${applied.join(", ")}`
    : `Database (${provider}) is up to date`,
);
