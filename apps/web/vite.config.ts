import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.VITE_API_PROXY ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { "/trpc": api, "/api": api, "/uploads": api, "/health": api },
  },
  build: { target: "es2022", sourcemap: false, chunkSizeWarningLimit: 600 },
});
