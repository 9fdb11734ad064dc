import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy/waitFor wait for a condition, not a time: 1 s (the default) is too short on a loaded 2-core machine,
// where a first render with its fetches can take longer; a failing condition still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
