import { Hono } from "hono";
import type { RestEnv } from "./respond";

export const feedbackRoutes = new Hono<RestEnv>();
