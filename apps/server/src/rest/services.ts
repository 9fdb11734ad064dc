import { Hono } from "hono";
import type { RestEnv } from "./respond";

export const servicesRoutes = new Hono<RestEnv>();
