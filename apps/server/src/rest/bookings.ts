import { Hono } from "hono";
import type { RestEnv } from "./respond";

export const bookingsRoutes = new Hono<RestEnv>();
