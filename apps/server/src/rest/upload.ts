import { Hono } from "hono";
import type { RestEnv } from "./respond";

export const uploadRoutes = new Hono<RestEnv>();
