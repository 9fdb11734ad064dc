import { Hono } from "hono";
import type { RestEnv } from "./respond";

export const contactRoutes = new Hono<RestEnv>();
