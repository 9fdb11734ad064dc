import { Hono } from "hono";
import type { RestEnv } from "./respond";

export const portfolioRoutes = new Hono<RestEnv>();
